import { BusRequestError, forbidden, HttpError, notFound, recordEvent } from '@bet/kit';
import {
  BettingOpenBets,
  type CommandReply,
  UserDeleted,
  UserRoleChanged,
  validate,
  WalletBalance,
} from '@bet/proto-events';
import { checkClosable, checkDeletion, checkRoleChange } from '../domain/roles';
import { anonymisedFields, type Role, type User } from '../domain/users';
import { findUserById, listUsers, lockAdmins, updateUser } from '../store/users';
import type { Identity } from './context';
import { revokeAccessTokens, revokeUserSessions } from './sessions';

/**
 * A demotion revokes the admin's tokens everywhere; identity's own admin calls also check
 * the account as it is now, so not even the revocation list's propagation matters here.
 */
export async function requireCurrentAdmin(idn: Identity, callerId: string): Promise<User> {
  const caller = await findUserById(idn.ctx.db, callerId);
  if (caller?.role !== 'admin') throw forbidden('Admin access required');
  return caller;
}

export async function listAccounts(idn: Identity, q: { page: number; limit: number; search?: string }) {
  const { users, total } = await listUsers(idn.ctx.db, {
    search: q.search,
    offset: (q.page - 1) * q.limit,
    limit: q.limit,
  });
  return {
    users,
    totalCount: total,
    currentPage: q.page,
    totalPages: Math.max(1, Math.ceil(total / q.limit)),
  };
}

export async function getAccount(idn: Identity, id: string): Promise<User> {
  const user = await findUserById(idn.ctx.db, id, { includeClosed: true });
  if (!user) throw notFound('User not found.');
  return user;
}

export async function changeRole(
  idn: Identity,
  actorId: string,
  targetId: string,
  role: Role,
): Promise<User> {
  return idn.ctx.tx(async (trx) => {
    // every role decision takes the admin rows' locks first, in id order: no two run at once
    const admins = await lockAdmins(trx);
    if (!admins.includes(actorId)) throw forbidden('Admin access required');
    const target = await findUserById(trx, targetId, { forUpdate: true });
    if (!target) throw notFound('User not found.');
    checkRoleChange({ actorId, targetId, targetRole: target.role, newRole: role, adminCount: admins.length });
    if (target.role === role) return target;
    const updated = await updateUser(trx, targetId, { role }, idn.clock.now());
    await recordEvent(trx, UserRoleChanged.subject, { userId: targetId, role, changedBy: actorId });
    // a demoted admin's tokens say "admin": they stop working everywhere now (a promotion
    // needs nothing, the next refresh carries the new role)
    if (target.role === 'admin') await revokeAccessTokens(idn, trx, targetId, 'role_changed');
    return updated;
  });
}

const PEER_NAMES: Record<string, string> = {
  [WalletBalance.subject]: 'wallet',
  [BettingOpenBets.subject]: 'betting',
};

/** Asks another service; no answer (or a malformed one) means "cannot tell", never "nothing there". */
async function ask<R>(idn: Identity, command: { subject: string; reply: any }, userId: string): Promise<R> {
  const peer = PEER_NAMES[command.subject];
  const unavailable = () =>
    new HttpError(
      503,
      `The account cannot be closed right now: the ${peer} service did not answer. Please try again later.`,
    );
  let answer: unknown;
  try {
    answer = await idn.ctx.bus.request(
      command.subject,
      { userId },
      { timeoutMs: idn.ctx.config.PEER_TIMEOUT_MS },
    );
  } catch (err) {
    if (err instanceof BusRequestError) {
      idn.ctx.logger.warn(
        { err, subject: command.subject, userId },
        'peer did not answer; account not closed',
      );
      throw unavailable();
    }
    throw err;
  }
  if (validate(command.reply, answer).length > 0) {
    idn.ctx.logger.error({ subject: command.subject, answer }, 'peer answered with a malformed reply');
    throw unavailable();
  }
  return answer as R;
}

/**
 * Closing an account: sign-in disabled, sessions ended, personal data replaced, the row
 * (and so every money and bet record pointing at it) kept. Refused while the wallet holds
 * money or bets are pending, as the wallet and betting services report them.
 */
export async function closeAccount(idn: Identity, actorId: string, targetId: string): Promise<void> {
  const target = await findUserById(idn.ctx.db, targetId);
  if (!target) throw notFound('User not found.');
  const admins = await idn.ctx.db
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'admin')
    .where('closed_at', 'is', null)
    .execute();
  checkDeletion({ actorId, targetId, targetRole: target.role, adminCount: admins.length });

  const [balance, bets] = await Promise.all([
    ask<CommandReply<typeof WalletBalance>>(idn, WalletBalance, targetId),
    ask<CommandReply<typeof BettingOpenBets>>(idn, BettingOpenBets, targetId),
  ]);
  checkClosable({
    balanceCents: balance.balanceCents,
    pendingWithdrawalCents: balance.pendingWithdrawalCents,
    pendingBets: bets.pendingBets,
  });

  await idn.ctx.tx(async (trx) => {
    const locked = await lockAdmins(trx);
    if (!locked.includes(actorId)) throw forbidden('Admin access required');
    const current = await findUserById(trx, targetId, { forUpdate: true });
    if (!current) throw notFound('User not found.');
    checkDeletion({ actorId, targetId, targetRole: current.role, adminCount: locked.length });
    const now = idn.clock.now();
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
    await trx.deleteFrom('avatars').where('user_id', '=', targetId).execute();
    await trx.deleteFrom('social_identities').where('user_id', '=', targetId).execute();
    await trx.deleteFrom('password_resets').where('user_id', '=', targetId).execute();
    await revokeUserSessions(idn, trx, targetId, 'account_closed');
    await recordEvent(trx, UserDeleted.subject, { userId: targetId, deletedBy: actorId });
  });
}
