import { badRequest, newId, webUrl } from '@bet/kit';
import { passwordResetMail } from '../adapters/mailer';
import { resetMailBucket } from '../adapters/throttle';
import { randomToken, sha256 } from '../adapters/tokens';
import { passwordProblem } from '../domain/passwords';
import { normalizeEmail } from '../domain/users';
import { findUserByEmail, updateUser } from '../store/users';
import type { Identity } from './context';
import { revokeUserSessions } from './sessions';

export const RESET_REQUESTED =
  "If an account with that email exists, we've sent a password reset link to it.";
export const RESET_INVALID = 'Invalid or expired reset token.';

/**
 * Answers at once and does the work afterwards: neither the answer nor its timing says
 * whether the address has an account. At most a few mails per address per hour.
 */
export function requestPasswordReset(idn: Identity, rawEmail: string): void {
  const email = normalizeEmail(rawEmail);
  idn.background.run('password reset mail', async () => {
    const user = await findUserByEmail(idn.ctx.db, email);
    if (!user) return;
    const bucket = [resetMailBucket(email)];
    if ((await idn.throttle.wait(bucket)) > 0) {
      idn.ctx.logger.warn(
        { userId: user.id },
        'password reset mail skipped: too many requests for this address',
      );
      return;
    }
    await idn.throttle.fail(bucket);
    const token = randomToken();
    const now = idn.clock.now();
    await idn.ctx.tx(async (trx) => {
      // only the newest link works
      await trx
        .updateTable('password_resets')
        .set({ used_at: now })
        .where('user_id', '=', user.id)
        .where('used_at', 'is', null)
        .execute();
      await trx
        .insertInto('password_resets')
        .values({
          id: newId(),
          user_id: user.id,
          token_hash: sha256(token),
          created_at: now,
          expires_at: new Date(now.getTime() + idn.resetTtlMs),
        })
        .execute();
    });
    const link = `${webUrl(idn.ctx.config)}/reset-password/${token}`;
    await idn.mailer.send(passwordResetMail(user.email, link, Math.round(idn.resetTtlMs / 60_000)));
  });
}

/** Single use: the token is spent in the same transaction that sets the password and ends every session. */
export async function resetPassword(
  idn: Identity,
  input: { token: string; password: string; confirmPassword: string },
): Promise<void> {
  if (input.password !== input.confirmPassword)
    throw badRequest('Passwords do not match.', [
      { path: 'confirmPassword', location: 'body', msg: 'Passwords do not match.' },
    ]);
  const tokenHash = sha256(input.token);
  const pending = await idn.ctx.db
    .selectFrom('password_resets')
    .select('user_id')
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  const user =
    pending &&
    (await idn.ctx.db
      .selectFrom('users')
      .select(['username', 'email'])
      .where('id', '=', pending.user_id)
      .executeTakeFirst());
  const problem = passwordProblem(input.password, { username: user?.username, email: user?.email });
  if (problem) throw badRequest(problem, [{ path: 'password', location: 'body', msg: problem }]);
  const hash = await idn.hasher.hash(input.password);
  const done = await idn.ctx.tx(async (trx) => {
    const now = idn.clock.now();
    const spent = await trx
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('user_id')
      .executeTakeFirst();
    if (!spent) return false;
    const open = await trx
      .selectFrom('users')
      .select('id')
      .where('id', '=', spent.user_id)
      .where('closed_at', 'is', null)
      .executeTakeFirst();
    if (!open) return false;
    await updateUser(trx, spent.user_id, { password_hash: hash }, now);
    await revokeUserSessions(idn, trx, spent.user_id, 'password_reset');
    return true;
  });
  if (!done) throw badRequest(RESET_INVALID);
}
