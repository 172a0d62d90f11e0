import { newId, webUrl } from '@bet/kit';
import type { AppContext } from '../context';
import { InvalidInputError } from '../domain/errors';
import { passwordResetMail } from '../domain/mail';
import { passwordProblem } from '../domain/passwords';
import { normalizeEmail } from '../domain/users';
import { replaceResetToken, resetTokenOwner, spendResetToken } from '../store/password-resets';
import { findUserByEmail, findUserById, updateUser } from '../store/users';
import { nowDate } from './clock';
import { revokeUserSessions } from './sessions';
import { resetMailBucket } from './throttle';
import { randomToken, sha256 } from './tokens';

export const RESET_REQUESTED =
  "If an account with that email exists, we've sent a password reset link to it.";
export const RESET_INVALID = 'Invalid or expired reset token.';

/**
 * Answers at once and does the work afterwards: neither the answer nor its timing says
 * whether the address has an account. At most a few mails per address per hour.
 */
export function requestPasswordReset(ctx: AppContext, rawEmail: string): void {
  const email = normalizeEmail(rawEmail);
  ctx.background.run('password reset mail', async () => {
    const user = await findUserByEmail(ctx.db, email);
    if (!user) return;
    const bucket = [resetMailBucket(email)];
    if ((await ctx.throttle.wait(bucket)) > 0) {
      ctx.logger.warn({ userId: user.id }, 'password reset mail skipped: too many requests for this address');
      return;
    }
    await ctx.throttle.fail(bucket);
    const token = randomToken();
    const now = nowDate(ctx);
    // only the newest link works
    await ctx.tx((trx) =>
      replaceResetToken(trx, {
        id: newId(),
        userId: user.id,
        tokenHash: sha256(token),
        now,
        expiresAt: new Date(now.getTime() + ctx.resetTtlMs),
      }),
    );
    const link = `${webUrl(ctx.config)}/reset-password/${token}`;
    await ctx.mailer.send(passwordResetMail(user.email, link, Math.round(ctx.resetTtlMs / 60_000)));
  });
}

/** Single use: the token is spent in the same transaction that sets the password and ends every session. */
export async function resetPassword(
  ctx: AppContext,
  input: { token: string; password: string; confirmPassword: string },
): Promise<void> {
  if (input.password !== input.confirmPassword)
    throw new InvalidInputError('Passwords do not match.', [
      { path: 'confirmPassword', location: 'body', msg: 'Passwords do not match.' },
    ]);
  const tokenHash = sha256(input.token);
  const ownerId = await resetTokenOwner(ctx.db, tokenHash);
  const user = ownerId ? await findUserById(ctx.db, ownerId, { includeClosed: true }) : undefined;
  const problem = passwordProblem(input.password, { username: user?.username, email: user?.email });
  if (problem) throw new InvalidInputError(problem, [{ path: 'password', location: 'body', msg: problem }]);
  const hash = await ctx.hasher.hash(input.password);
  const done = await ctx.tx(async (trx) => {
    const now = nowDate(ctx);
    const userId = await spendResetToken(trx, tokenHash, now);
    if (!userId) return false;
    if (!(await findUserById(trx, userId))) return false;
    await updateUser(trx, userId, { password_hash: hash }, now);
    await revokeUserSessions(ctx, trx, userId, 'password_reset');
    return true;
  });
  if (!done) throw new InvalidInputError(RESET_INVALID);
}
