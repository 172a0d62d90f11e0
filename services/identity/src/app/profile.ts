import { apiUrl, isUniqueViolation, newId, recordEvents } from '@bet/kit';
import { UserUpdated } from '@bet/proto-events';
import type { AppContext } from '../context';
import { AVATAR_PATH } from '../domain/avatars';
import {
  AccountGoneError,
  AlreadyTakenError,
  InvalidInputError,
  PasswordAlreadySetError,
  TooManyAttemptsError,
} from '../domain/errors';
import { emailChangedMail } from '../domain/mail';
import { passwordProblem } from '../domain/passwords';
import { retryMessage } from '../domain/throttle';
import {
  normalizeEmail,
  normalizeProfilePatch,
  type ProfilePatch,
  profileProblems,
  type User,
  userUpdatedPayload,
} from '../domain/users';
import { findAvatar, replaceAvatar } from '../store/avatars';
import type { Db } from '../store/db';
import { emailTaken, findUserById, type UserUpdate, updateUser } from '../store/users';
import { EMAIL_TAKEN } from './auth';
import { nowDate } from './clock';
import { loadActiveUser } from './limits';
import { revokeUserSessions } from './sessions';
import { passwordCheckBucket } from './throttle';

export const ACCOUNT_GONE = 'Not authorized: this account no longer exists';

/** The caller's own open account, limits up to date; a closed one is a 401. */
export async function requireActiveUser(ctx: AppContext, userId: string): Promise<User> {
  const user = await loadActiveUser(ctx, userId);
  if (!user) throw new AccountGoneError(ACCOUNT_GONE);
  return user;
}

async function lockedUser(trx: Db, userId: string): Promise<User> {
  const user = await findUserById(trx, userId, { forUpdate: true });
  if (!user) throw new AccountGoneError(ACCOUNT_GONE);
  return user;
}

/** Writes a change of the public picture and announces it. */
async function saveAndAnnounce(ctx: AppContext, trx: Db, user: User, set: UserUpdate): Promise<User> {
  const updated = await updateUser(trx, user.id, set, nowDate(ctx));
  await recordEvents(trx, UserUpdated, [{ data: userUpdatedPayload(updated) }]);
  return updated;
}

export async function updateProfile(ctx: AppContext, userId: string, patch: ProfilePatch): Promise<User> {
  const problems = profileProblems(patch);
  if (problems.length > 0) throw new InvalidInputError(problems[0].msg, problems);
  const p = normalizeProfilePatch(patch);
  return ctx.tx(async (trx) => {
    const user = await lockedUser(trx, userId);
    const set: UserUpdate = {};
    if (p.firstName !== undefined && p.firstName !== user.firstName) set.first_name = p.firstName;
    if (p.lastName !== undefined && p.lastName !== user.lastName) set.last_name = p.lastName;
    if (p.state !== undefined && p.state !== user.state) set.state = p.state;
    if (Object.keys(set).length === 0) return user;
    return saveAndAnnounce(ctx, trx, user, set);
  });
}

const WRONG_PASSWORD = 'Current password is incorrect.';

/**
 * Checks the current password of a signed-in user. A wrong one is a 400 (not a 401: the
 * caller's token is fine, and a 401 would make the web client try to refresh it). Repeated
 * failures are slowed down per account; only someone holding the account's token can do that.
 */
async function checkCurrentPassword(ctx: AppContext, user: User, password: string, field: string) {
  if (!user.passwordHash) throw new InvalidInputError('Your account has no password yet. Set one first.');
  const bucket = [passwordCheckBucket(user.id, ctx.policies.pair)];
  const wait = await ctx.throttle.wait(bucket);
  if (wait > 0) throw new TooManyAttemptsError(retryMessage(wait));
  if (!(await ctx.hasher.verify(user.passwordHash, password))) {
    await ctx.throttle.fail(bucket);
    throw new InvalidInputError(WRONG_PASSWORD, [{ path: field, location: 'body', msg: WRONG_PASSWORD }]);
  }
  await ctx.throttle.clear(bucket);
}

export async function changeEmail(
  ctx: AppContext,
  userId: string,
  input: { newEmail: string; currentPassword: string },
): Promise<User> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new AccountGoneError(ACCOUNT_GONE);
  const email = normalizeEmail(input.newEmail);
  if (email === user.email)
    throw new InvalidInputError('The new email is the same as the current one.', [
      { path: 'newEmail', location: 'body', msg: 'The new email is the same as the current one.' },
    ]);
  await checkCurrentPassword(ctx, user, input.currentPassword, 'currentPassword');
  if (await emailTaken(ctx.db, email)) throw new AlreadyTakenError(EMAIL_TAKEN);
  let updated: User;
  try {
    updated = await ctx.tx(async (trx) =>
      saveAndAnnounce(ctx, trx, await lockedUser(trx, userId), { email }),
    );
  } catch (err) {
    if (isUniqueViolation(err, 'users_email_key')) throw new AlreadyTakenError(EMAIL_TAKEN);
    throw err;
  }
  // the old address hears about it: the owner learns if someone else did this
  ctx.background.run('email changed notice', () => ctx.mailer.send(emailChangedMail(user.email, email)));
  return updated;
}

/** Sets a new password and ends every other session (the caller's own stays signed in). */
export async function changePassword(
  ctx: AppContext,
  userId: string,
  currentFamily: string | undefined,
  input: { currentPassword: string; newPassword: string; confirmNewPassword: string },
): Promise<void> {
  if (input.newPassword !== input.confirmNewPassword)
    throw new InvalidInputError('New passwords do not match.', [
      { path: 'confirmNewPassword', location: 'body', msg: 'New passwords do not match.' },
    ]);
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new AccountGoneError(ACCOUNT_GONE);
  await checkCurrentPassword(ctx, user, input.currentPassword, 'currentPassword');
  const problem = passwordProblem(input.newPassword, { username: user.username, email: user.email });
  if (problem)
    throw new InvalidInputError(problem, [{ path: 'newPassword', location: 'body', msg: problem }]);
  const hash = await ctx.hasher.hash(input.newPassword);
  await ctx.tx(async (trx) => {
    await lockedUser(trx, userId);
    await updateUser(trx, userId, { password_hash: hash }, nowDate(ctx));
    await revokeUserSessions(ctx, trx, userId, 'password_changed', { keepFamily: currentFamily });
  });
}

/** For accounts made through social sign-in, which start without a password. */
export async function setPassword(
  ctx: AppContext,
  userId: string,
  input: { newPassword: string; confirmPassword: string },
): Promise<User> {
  if (input.newPassword !== input.confirmPassword)
    throw new InvalidInputError('Passwords do not match.', [
      { path: 'confirmPassword', location: 'body', msg: 'Passwords do not match.' },
    ]);
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new AccountGoneError(ACCOUNT_GONE);
  if (user.passwordHash)
    throw new PasswordAlreadySetError('Your account already has a password. Use Change Password instead.');
  const problem = passwordProblem(input.newPassword, { username: user.username, email: user.email });
  if (problem)
    throw new InvalidInputError(problem, [{ path: 'newPassword', location: 'body', msg: problem }]);
  const hash = await ctx.hasher.hash(input.newPassword);
  return ctx.tx(async (trx) => {
    const locked = await lockedUser(trx, userId);
    if (locked.passwordHash)
      throw new PasswordAlreadySetError('Your account already has a password. Use Change Password instead.');
    return updateUser(trx, userId, { password_hash: hash }, nowDate(ctx));
  });
}

/** Stored absolute on PUBLIC_URL, so a web client on another origin can load it. */
export const avatarUrl = (publicUrl: string, id: string) =>
  `${apiUrl({ PUBLIC_URL: publicUrl })}${AVATAR_PATH}/${id}`;

/** Stores the picture in the database (replicas share it) and drops the previous one. */
export async function saveAvatar(
  ctx: AppContext,
  userId: string,
  image: { bytes: Buffer; contentType: string },
): Promise<User> {
  return ctx.tx(async (trx) => {
    const user = await lockedUser(trx, userId);
    const id = newId();
    await replaceAvatar(trx, {
      id,
      userId,
      contentType: image.contentType,
      bytes: image.bytes,
      now: nowDate(ctx),
    });
    return saveAndAnnounce(ctx, trx, user, { profile_picture: avatarUrl(ctx.config.PUBLIC_URL, id) });
  });
}

/** A stored picture: its type and bytes, or undefined. */
export const loadAvatar = (ctx: AppContext, id: string) => findAvatar(ctx.db, id);
