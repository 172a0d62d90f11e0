import { isUniqueViolation, newId, recordEvents, webUrl } from '@bet/kit';
import { UserRegistered } from '@bet/proto-events';
import type { AppContext } from '../context';
import {
  AlreadyTakenError,
  BadCredentialsError,
  InvalidInputError,
  TooManyAttemptsError,
} from '../domain/errors';
import { registrationAttemptMail } from '../domain/mail';
import { retryMessage } from '../domain/throttle';
import {
  normalizeEmail,
  type RegistrationInput,
  registrationProblems,
  type User,
  userRegisteredPayload,
} from '../domain/users';
import { emailTaken, findUserByEmail, insertUser, updateUser, usernameTaken } from '../store/users';
import { nowDate } from './clock';
import { loadActiveUser } from './limits';
import { issueSession, type TokenPair } from './sessions';
import { ipBucket, pairBucket } from './throttle';

export const USERNAME_TAKEN = 'Username is already taken.';
export const EMAIL_TAKEN = 'An account with this email already exists.';

export async function register(
  ctx: AppContext,
  input: RegistrationInput,
): Promise<TokenPair & { user: User }> {
  const problems = registrationProblems(input);
  if (problems.length > 0) throw new InvalidInputError(problems[0].msg, problems);
  const username = input.username.trim();
  const email = normalizeEmail(input.email);
  // cheap checks first: no argon2 work for a registration that cannot succeed
  if (await usernameTaken(ctx.db, username))
    throw new AlreadyTakenError(USERNAME_TAKEN, [
      { path: 'username', location: 'body', msg: USERNAME_TAKEN },
    ]);
  if (await emailTaken(ctx.db, email)) {
    // the spec's answer is kept (docs/decisions/identity-005); the owner is told, in the background
    ctx.background.run('registration attempt notice', () =>
      ctx.mailer.send(registrationAttemptMail(email, `${webUrl(ctx.config)}/forgot-password`)),
    );
    throw new AlreadyTakenError(EMAIL_TAKEN, [{ path: 'email', location: 'body', msg: EMAIL_TAKEN }]);
  }
  const passwordHash = await ctx.hasher.hash(input.password);
  try {
    return await ctx.tx(async (trx) => {
      const user = await insertUser(trx, {
        id: newId(),
        username,
        email,
        firstName: input.firstName.trim(),
        lastName: input.lastName.trim(),
        role: 'user',
        passwordHash,
        termsAcceptedAt: input.termsAccepted ? nowDate(ctx) : null,
        now: nowDate(ctx),
      });
      await recordEvents(trx, UserRegistered, [{ data: userRegisteredPayload(user) }]);
      return { user, ...(await issueSession(ctx, trx, user)) };
    });
  } catch (err) {
    // two registrations racing for the same name: the unique index decides
    if (isUniqueViolation(err, 'users_username_key')) throw new AlreadyTakenError(USERNAME_TAKEN);
    if (isUniqueViolation(err, 'users_email_key')) throw new AlreadyTakenError(EMAIL_TAKEN);
    throw err;
  }
}

export const BAD_CREDENTIALS = 'Invalid email or password.';

/**
 * Sign-in. Throttled per (account, IP) and per IP before any password work; the answer for
 * an unknown email, a social-only account or a closed account is the same, and costs the
 * same argon2 verification, as a wrong password.
 */
export async function login(
  ctx: AppContext,
  input: { email: string; password: string; ip: string },
): Promise<TokenPair & { user: User }> {
  const email = normalizeEmail(input.email);
  const buckets = [pairBucket(email, input.ip, ctx.policies.pair), ipBucket(input.ip, ctx.policies.ip)];
  const wait = await ctx.throttle.wait(buckets);
  if (wait > 0) throw new TooManyAttemptsError(retryMessage(wait));

  const found = await findUserByEmail(ctx.db, email);
  const ok = await ctx.hasher.verify(found?.passwordHash, input.password);
  if (!ok || !found) {
    await ctx.throttle.fail(buckets);
    throw new BadCredentialsError(BAD_CREDENTIALS);
  }
  await ctx.throttle.clear(buckets.slice(0, 1));
  if (ctx.hasher.needsRehash(found.passwordHash!)) {
    const rehashed = await ctx.hasher.hash(input.password);
    await updateUser(ctx.db, found.id, { password_hash: rehashed }, nowDate(ctx));
  }
  const user = (await loadActiveUser(ctx, found.id)) ?? found;
  const pair = await ctx.tx((trx) => issueSession(ctx, trx, user));
  return { user, ...pair };
}
