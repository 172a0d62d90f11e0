import { BusRequestError, MessageSchemaError, pageOf, recordEvents } from '@bet/kit';
import {
  AviatorOpenBets,
  BettingOpenBets,
  type CommandDefinition,
  type CommandReply,
  type CommandRequest,
  UserDeleted,
  UserRoleChanged,
  WalletBalance,
} from '@bet/proto-events';
import type { AppContext } from '../context';
import { AdminRequiredError, PeerUnavailableError, UserNotFoundError } from '../domain/errors';
import { checkClosable, checkDeletion, checkRoleChange } from '../domain/roles';
import { anonymisedFields, type Role, type User } from '../domain/users';
import { deleteAvatars } from '../store/avatars';
import { deleteResetTokens } from '../store/password-resets';
import { deleteSocialIdentities } from '../store/social';
import { findUserById, listUsers, lockAdmins, openAdminIds, updateUser } from '../store/users';
import { nowDate } from './clock';
import { revokeAccessTokens, revokeUserSessions } from './sessions';

/**
 * A demotion revokes the admin's tokens everywhere; identity's own admin calls also check
 * the account as it is now, so not even the revocation list's propagation matters here.
 */
export async function requireCurrentAdmin(ctx: AppContext, callerId: string): Promise<User> {
  const caller = await findUserById(ctx.db, callerId);
  if (caller?.role !== 'admin') throw new AdminRequiredError();
  return caller;
}

export async function listAccounts(ctx: AppContext, q: { page: number; limit: number; search?: string }) {
  const { users, total } = await listUsers(ctx.db, {
    search: q.search,
    offset: (q.page - 1) * q.limit,
    limit: q.limit,
  });
  return pageOf('users', users, { page: q.page, limit: q.limit, total });
}

export async function getAccount(ctx: AppContext, id: string): Promise<User> {
  const user = await findUserById(ctx.db, id, { includeClosed: true });
  if (!user) throw new UserNotFoundError();
  return user;
}

export async function changeRole(
  ctx: AppContext,
  actorId: string,
  targetId: string,
  role: Role,
): Promise<User> {
  return ctx.tx(async (trx) => {
    // every role decision takes the admin rows' locks first, in id order: no two run at once
    const admins = await lockAdmins(trx);
    if (!admins.includes(actorId)) throw new AdminRequiredError();
    const target = await findUserById(trx, targetId, { forUpdate: true });
    if (!target) throw new UserNotFoundError();
    checkRoleChange({ actorId, targetId, targetRole: target.role, newRole: role, adminCount: admins.length });
    if (target.role === role) return target;
    const updated = await updateUser(trx, targetId, { role }, nowDate(ctx));
    await recordEvents(trx, UserRoleChanged, [{ data: { userId: targetId, role, changedBy: actorId } }]);
    // a demoted admin's tokens say "admin": they stop working everywhere now (a promotion
    // needs nothing, the next refresh carries the new role)
    if (target.role === 'admin') await revokeAccessTokens(ctx, trx, targetId, 'role_changed');
    return updated;
  });
}

const PEER_NAMES: Record<string, string> = {
  [WalletBalance.subject]: 'wallet',
  [BettingOpenBets.subject]: 'betting',
  [AviatorOpenBets.subject]: 'aviator',
};

/** Asks another service; no answer (or a malformed one) means "cannot tell", never "nothing there". */
async function ask<C extends CommandDefinition>(
  ctx: AppContext,
  command: C,
  request: CommandRequest<C> & { userId: string },
): Promise<CommandReply<C>> {
  const peer = PEER_NAMES[command.subject];
  const unavailable = () =>
    new PeerUnavailableError(
      `The account cannot be closed right now: the ${peer} service did not answer. Please try again later.`,
    );
  try {
    return await ctx.request(command, request, { timeoutMs: ctx.config.PEER_TIMEOUT_MS });
  } catch (err) {
    if (err instanceof BusRequestError) {
      ctx.logger.warn(
        { err, subject: command.subject, userId: request.userId },
        'peer did not answer; account not closed',
      );
      throw unavailable();
    }
    if (err instanceof MessageSchemaError) {
      ctx.logger.error({ err, subject: command.subject }, 'peer answered with a malformed reply');
      throw unavailable();
    }
    throw err;
  }
}

/**
 * Closing an account: sign-in disabled, sessions ended, personal data replaced, the row
 * (and so every money and bet record pointing at it) kept. Refused while the wallet holds
 * money or bets are pending, as the wallet and betting services report them.
 */
export async function closeAccount(ctx: AppContext, actorId: string, targetId: string): Promise<void> {
  const target = await findUserById(ctx.db, targetId);
  if (!target) throw new UserNotFoundError();
  const admins = await openAdminIds(ctx.db);
  checkDeletion({ actorId, targetId, targetRole: target.role, adminCount: admins.length });

  const [balance, bets, aviator] = await Promise.all([
    ask(ctx, WalletBalance, { userId: targetId }),
    ask(ctx, BettingOpenBets, { userId: targetId }),
    // an Aviator stake in the air is a pending bet too
    ask(ctx, AviatorOpenBets, { userId: targetId }),
  ]);
  checkClosable({
    balanceCents: balance.balanceCents,
    pendingWithdrawalCents: balance.pendingWithdrawalCents,
    pendingBets: bets.pendingBets + aviator.openBets,
  });

  await ctx.tx(async (trx) => {
    const locked = await lockAdmins(trx);
    if (!locked.includes(actorId)) throw new AdminRequiredError();
    const current = await findUserById(trx, targetId, { forUpdate: true });
    if (!current) throw new UserNotFoundError();
    checkDeletion({ actorId, targetId, targetRole: current.role, adminCount: locked.length });
    const now = nowDate(ctx);
    const a = anonymisedFields(targetId);
    await updateUser(
      trx,
      targetId,
      {
        username: a.username,
        email: a.email,
        first_name: a.firstName,
        last_name: a.lastName,
        state: a.state,
        profile_picture: a.profilePicture,
        password_hash: a.passwordHash,
        // the number is freed for a new account
        phone: a.phone,
        role: 'user',
        is_online: false,
        bet_count_limit: 0,
        stake_limit_cents: 0,
        pending_bet_count_limit: null,
        pending_bet_count_at: null,
        pending_stake_limit_cents: null,
        pending_stake_at: null,
        closed_at: now,
        closed_by: actorId,
      },
      now,
    );
    await deleteAvatars(trx, targetId);
    await deleteSocialIdentities(trx, targetId);
    await deleteResetTokens(trx, targetId);
    await revokeUserSessions(ctx, trx, targetId, 'account_closed');
    await recordEvents(trx, UserDeleted, [{ data: { userId: targetId, deletedBy: actorId } }]);
  });
}
