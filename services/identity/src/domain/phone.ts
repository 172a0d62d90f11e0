/**
 * Phone sign-in rules (issue 34 item 4), plain functions: a number in E.164, a one-time code
 * of 6 digits kept only as a hash, valid 10 minutes and for 5 wrong tries, and how often a
 * code may be sent. The cache, the SMS provider and the routes live elsewhere (app/phone.ts).
 */
import type { ThrottlePolicy } from './throttle';

/** Nigerian mobile numbers: 070, 071, 080, 081, 090, 091 … then 8 digits (10 national digits) */
const NG_MOBILE = /^[789][01]\d{8}$/;
/** E.164: a country code (not 0) and up to 15 digits in all */
const E164 = /^\+[1-9]\d{7,14}$/;

export const PHONE_PROBLEM = 'Enter a valid mobile number, e.g. 0803 123 4567 or +234 803 123 4567.';

/**
 * The number in E.164 (`+2348031234567`), or null when it is not a mobile number we can text.
 * Accepts the forms Nigerians write: 0803 123 4567, 803-123-4567, 234 803…, +234 (0) 803…,
 * 00234 803…; other countries only in international form (+44 7700 900123, 0044…).
 */
export function normalizePhone(input: string): string | null {
  if (input.length > 40) return null;
  const trimmed = input.trim();
  if (!/^[+\d\s().-]+$/.test(trimmed)) return null;
  let s = trimmed.replace(/[\s().-]/g, '');
  if (s.indexOf('+') > 0 || (s.match(/\+/g)?.length ?? 0) > 1) return null;
  if (s.startsWith('00')) s = `+${s.slice(2)}`;
  if (s.startsWith('+')) {
    if (s.startsWith('+234')) return nigerian(s.slice(4));
    return E164.test(s) ? s : null;
  }
  if (s.startsWith('234') && s.length >= 13) return nigerian(s.slice(3));
  return nigerian(s);
}

function nigerian(national: string): string | null {
  // the trunk 0 of the local form, also when written after +234 ("+234 0803…")
  const n = national.startsWith('0') ? national.slice(1) : national;
  return NG_MOBILE.test(n) ? `+234${n}` : null;
}

/** The number as people read it: +234 803 123 4567 (other countries as stored). */
export function displayPhone(e164: string): string {
  const m = /^\+234(\d{3})(\d{3})(\d{4})$/.exec(e164);
  return m ? `+234 ${m[1]} ${m[2]} ${m[3]}` : e164;
}

/**
 * A phone-only account still needs the `email` every account has (the public user object
 * and the other services' projections carry it): it gets an address under the reserved
 * `.invalid` domain (RFC 2606), which no mail server delivers and the mailer never sends to.
 * The player may change it to a real address later (PUT /users/profile/email).
 * docs/decisions/identity-007-phone-sign-in.md
 */
export const PHONE_EMAIL_DOMAIN = 'phone.invalid';
export const phoneAccountEmail = (e164: string) => `${e164.slice(1)}@${PHONE_EMAIL_DOMAIN}`;
export const isPhoneAccountEmail = (email: string) => email.toLowerCase().endsWith(`@${PHONE_EMAIL_DOMAIN}`);

// ── one-time codes ─────────────────────────────────────────────────────────────

export const CODE_LENGTH = 6;
export const CODE_TTL_MS = 10 * 60_000;
export const CODE_MAX_ATTEMPTS = 5;

/** A fresh code from a source of random integers in [0, max) (crypto.randomInt in the app). */
export function newCode(randomInt: (max: number) => number): string {
  return String(randomInt(10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
}

/** The code the player typed, spaces and dashes removed, or null if it cannot be a code. */
export function cleanCode(input: string): string | null {
  const c = input.replace(/[\s-]/g, '');
  return new RegExp(`^\\d{${CODE_LENGTH}}$`).test(c) ? c : null;
}

/** A code as it is kept: its hash (bound to the number) and when it stops working. */
export interface StoredCode {
  hash: string;
  expiresAt: number;
}

export type CodeVerdict =
  | { ok: true }
  | { ok: false; reason: 'none' | 'expired' | 'locked' }
  | { ok: false; reason: 'wrong'; attemptsLeft: number };

/**
 * Judges a typed code against the stored one. `attemptsBefore` is the number of wrong tries
 * already made; `hashOf` hashes the typed code the same way the stored one was hashed.
 */
export function judgeCode(
  stored: StoredCode | null,
  typed: string,
  attemptsBefore: number,
  now: number,
  hashOf: (code: string) => string,
  equal: (a: string, b: string) => boolean = (a, b) => a === b,
): CodeVerdict {
  if (!stored) return { ok: false, reason: 'none' };
  if (now >= stored.expiresAt) return { ok: false, reason: 'expired' };
  if (attemptsBefore >= CODE_MAX_ATTEMPTS) return { ok: false, reason: 'locked' };
  const code = cleanCode(typed);
  if (code !== null && equal(hashOf(code), stored.hash)) return { ok: true };
  const left = CODE_MAX_ATTEMPTS - attemptsBefore - 1;
  return left > 0 ? { ok: false, reason: 'wrong', attemptsLeft: left } : { ok: false, reason: 'locked' };
}

export const CODE_MESSAGES = {
  none: 'This code is not valid. Request a new code.',
  expired: 'This code has expired. Request a new code.',
  locked: 'Too many wrong codes. Request a new code.',
  wrong: (left: number) => `Wrong code. ${left} attempt${left === 1 ? '' : 's'} left.`,
};

export function codeMessage(v: Exclude<CodeVerdict, { ok: true }>): string {
  return v.reason === 'wrong' ? CODE_MESSAGES.wrong(v.attemptsLeft) : CODE_MESSAGES[v.reason];
}

export function codeSms(code: string, brand: string): string {
  return `${code} is your ${brand} verification code. It expires in ${CODE_TTL_MS / 60_000} minutes. Never share it.`;
}

// ── how often codes may be sent (the Throttle's buckets: each send counts once) ──

const HOUR = 60 * 60_000;
/** one code a minute to a number */
export const SEND_MINUTE_POLICY: ThrottlePolicy = {
  freeFailures: 0,
  baseDelayMs: 60_000,
  maxDelayMs: 60_000,
  windowMs: 60_000,
};
/** five codes an hour to a number */
export const SEND_HOUR_POLICY: ThrottlePolicy = {
  freeFailures: 4,
  baseDelayMs: HOUR,
  maxDelayMs: HOUR,
  windowMs: HOUR,
};
/**
 * codes an hour from one address, to any numbers: higher than per number because Nigerian
 * mobile networks put many phones behind one address (carrier-grade NAT)
 */
export const SEND_IP_HOUR_POLICY: ThrottlePolicy = {
  freeFailures: 19,
  baseDelayMs: HOUR,
  maxDelayMs: HOUR,
  windowMs: HOUR,
};

export function resendMessage(waitMs: number): string {
  const s = Math.max(1, Math.ceil(waitMs / 1000));
  const text = s < 120 ? `${s} second${s === 1 ? '' : 's'}` : `${Math.ceil(s / 60)} minutes`;
  return `Please wait ${text} before requesting another code.`;
}
