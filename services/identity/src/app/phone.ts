import { randomInt } from 'node:crypto';
import { isUniqueViolation, newId, recordEvents } from '@bet/kit';
import type { FieldError } from '@bet/kit/core';
import { UserRegistered } from '@bet/proto-events';
import type { AppContext } from '../context';
import {
  AlreadyTakenError,
  CodeRefusedError,
  InvalidInputError,
  SignUpDetailsError,
  SmsUnavailableError,
  TooManyAttemptsError,
} from '../domain/errors';
import { passwordProblem } from '../domain/passwords';
import {
  CODE_TTL_MS,
  type CodeVerdict,
  codeMessage,
  codeSms,
  judgeCode,
  newCode,
  normalizePhone,
  PHONE_PROBLEM,
  phoneAccountEmail,
  resendMessage,
  SEND_HOUR_POLICY,
  SEND_IP_HOUR_POLICY,
  SEND_MINUTE_POLICY,
  type StoredCode,
} from '../domain/phone';
import { retryMessage } from '../domain/throttle';
import {
  nameProblem,
  TERMS_REQUIRED,
  type User,
  usernameProblem,
  userRegisteredPayload,
} from '../domain/users';
import { findUserByPhone, insertUser, usernameTaken } from '../store/users';
import { USERNAME_TAKEN } from './auth';
import { nowDate } from './clock';
import { loadActiveUser } from './limits';
import { issueSession, type TokenPair } from './sessions';
import { type Bucket, ipBucket } from './throttle';
import { hashesEqual, sha256 } from './tokens';

export const CODE_SENT = "If this number can receive texts, we've sent a 6-digit code to it.";
export const SIGNUP_DETAILS = 'No account uses this number yet. Choose a username to create one.';
export const PHONE_TAKEN = 'An account with this phone number already exists.';

const field = (path: string, msg: string): FieldError => ({ path, location: 'body', msg });

/** numbers are keyed by a hash: raw numbers do not belong in the cache */
const numberKey = (phone: string) => sha256(phone).slice(0, 32);
const codeKey = (phone: string) => `identity:phone:code:${numberKey(phone)}`;
const triesKey = (phone: string) => `identity:phone:tries:${numberKey(phone)}`;
/** the code is hashed with its number: a code read from the cache opens nothing else */
const codeHash = (phone: string, code: string) => sha256(`phone-code:${phone}:${code}`);

export const sendBuckets = (phone: string, ip: string): Bucket[] => [
  { key: `identity:phone:send:min:${numberKey(phone)}`, policy: SEND_MINUTE_POLICY },
  { key: `identity:phone:send:hour:${numberKey(phone)}`, policy: SEND_HOUR_POLICY },
  { key: `identity:phone:send:ip:${ip}`, policy: SEND_IP_HOUR_POLICY },
];

function phoneOf(input: string): string {
  const phone = normalizePhone(input);
  if (!phone) throw new InvalidInputError(PHONE_PROBLEM, [field('phone', PHONE_PROBLEM)]);
  return phone;
}

/**
 * Texts a fresh one-time code to the number, whether or not it has an account (the answer
 * is the same either way). At most one code a minute and five an hour to a number, twenty
 * an hour from an address; a new code replaces the previous one and its count of wrong tries.
 */
export async function startPhoneSignIn(
  ctx: AppContext,
  input: { phone: string; ip: string },
): Promise<{ phone: string; resendInSeconds: number }> {
  const phone = phoneOf(input.phone);
  const buckets = sendBuckets(phone, input.ip);
  const wait = await ctx.throttle.wait(buckets);
  if (wait > 0) throw new TooManyAttemptsError(resendMessage(wait));
  await ctx.throttle.fail(buckets);

  const code = newCode(randomInt);
  const stored: StoredCode = { hash: codeHash(phone, code), expiresAt: ctx.clock.now() + CODE_TTL_MS };
  await ctx.cache.set(codeKey(phone), JSON.stringify(stored), CODE_TTL_MS);
  await ctx.cache.del(triesKey(phone));
  try {
    await ctx.sms.send({ to: phone, text: codeSms(code, ctx.config.SMS_BRAND) });
  } catch (err) {
    ctx.logger.error({ err }, 'one-time code not sent');
    // the player may ask again at once: nothing reached them
    await ctx.throttle.clear(buckets.slice(0, 1));
    throw new SmsUnavailableError();
  }
  return { phone, resendInSeconds: SEND_MINUTE_POLICY.windowMs / 1000 };
}

export interface PhoneVerifyInput {
  phone: string;
  code: string;
  ip: string;
  /** needed only when the number has no account yet */
  username?: string;
  password?: string;
  firstName?: string;
  lastName?: string;
  termsAccepted?: boolean;
}

/** What a new account by phone needs besides the code; empty when acceptable. */
export function phoneSignUpProblems(input: PhoneVerifyInput): FieldError[] {
  const errors: FieldError[] = [];
  const username = input.username?.trim() ?? '';
  const u = usernameProblem(username);
  if (u) errors.push(field('username', u));
  for (const [key, label] of [
    ['firstName', 'First name'],
    ['lastName', 'Last name'],
  ] as const) {
    const v = input[key];
    if (v !== undefined && v.trim() !== '') {
      const p = nameProblem(label, v);
      if (p) errors.push(field(key, p));
    }
  }
  if (input.password !== undefined) {
    const p = passwordProblem(input.password, { username });
    if (p) errors.push(field('password', p));
  }
  if (input.termsAccepted === false) errors.push(field('termsAccepted', TERMS_REQUIRED));
  return errors;
}

/**
 * Checks the code; the number's account is signed in, or, with a username, made. A right
 * code for a number without an account and without a username is refused
 * (signup_details_required) but stays valid, so the player can add the username. Wrong codes
 * count towards the number's five and towards the address's login throttle.
 */
export async function verifyPhoneCode(
  ctx: AppContext,
  input: PhoneVerifyInput,
): Promise<TokenPair & { user: User; created: boolean }> {
  const phone = phoneOf(input.phone);
  const ipBuckets = [ipBucket(input.ip, ctx.policies.ip)];
  const wait = await ctx.throttle.wait(ipBuckets);
  if (wait > 0) throw new TooManyAttemptsError(retryMessage(wait));

  const [raw, tries] = await ctx.cache.getMany([codeKey(phone), triesKey(phone)]);
  const stored = raw ? (JSON.parse(raw) as StoredCode) : null;
  const verdict: CodeVerdict = judgeCode(
    stored,
    input.code,
    Number(tries ?? 0),
    ctx.clock.now(),
    (c) => codeHash(phone, c),
    hashesEqual,
  );
  if (!verdict.ok) {
    if (verdict.reason === 'wrong' || verdict.reason === 'locked') {
      await ctx.cache.incr(triesKey(phone), CODE_TTL_MS);
      await ctx.throttle.fail(ipBuckets);
    }
    if (verdict.reason !== 'wrong') await ctx.cache.del(codeKey(phone));
    const msg = codeMessage(verdict);
    throw new CodeRefusedError(msg, [field('code', msg)]);
  }

  const found = await findUserByPhone(ctx.db, phone);
  if (found) {
    await consume(ctx, phone);
    const user = (await loadActiveUser(ctx, found.id)) ?? found;
    const pair = await ctx.tx((trx) => issueSession(ctx, trx, user));
    return { user, created: false, ...pair };
  }

  if (input.username === undefined || input.username.trim() === '')
    throw new SignUpDetailsError(SIGNUP_DETAILS, [field('username', SIGNUP_DETAILS)]);
  const problems = phoneSignUpProblems(input);
  if (problems.length > 0) throw new InvalidInputError(problems[0].msg, problems);
  const username = input.username.trim();
  if (await usernameTaken(ctx.db, username))
    throw new AlreadyTakenError(USERNAME_TAKEN, [field('username', USERNAME_TAKEN)]);
  const passwordHash = input.password !== undefined ? await ctx.hasher.hash(input.password) : null;
  try {
    const made = await ctx.tx(async (trx) => {
      const user = await insertUser(trx, {
        id: newId(),
        username,
        email: phoneAccountEmail(phone),
        phone,
        firstName: input.firstName?.trim() || 'Player',
        lastName: input.lastName?.trim() || 'User',
        role: 'user',
        passwordHash,
        termsAcceptedAt: input.termsAccepted ? nowDate(ctx) : null,
        now: nowDate(ctx),
      });
      await recordEvents(trx, UserRegistered, [{ data: userRegisteredPayload(user) }]);
      return { user, created: true, ...(await issueSession(ctx, trx, user)) };
    });
    await consume(ctx, phone);
    return made;
  } catch (err) {
    if (isUniqueViolation(err, 'users_username_key'))
      throw new AlreadyTakenError(USERNAME_TAKEN, [field('username', USERNAME_TAKEN)]);
    // two sign-ups racing for one number, or a closed account that kept it
    if (isUniqueViolation(err, 'users_phone_key') || isUniqueViolation(err, 'users_email_key'))
      throw new AlreadyTakenError(PHONE_TAKEN, [field('phone', PHONE_TAKEN)]);
    throw err;
  }
}

/** a code works once */
async function consume(ctx: AppContext, phone: string) {
  await Promise.all([ctx.cache.del(codeKey(phone)), ctx.cache.del(triesKey(phone))]);
}
