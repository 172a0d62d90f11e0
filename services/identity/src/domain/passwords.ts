import { dictionary } from '@zxcvbn-ts/language-common';

export const PASSWORD_MIN_LENGTH = 8;
/** argon2 copes with more, but an unbounded input is a cheap way to burn CPU */
export const PASSWORD_MAX_LENGTH = 128;

/**
 * The zxcvbn-ts "passwords-common" list: ~49k passwords ranked by how often they appear
 * in public breach corpora. Kept as a Set of lowercase entries; a password is refused when
 * its lowercase form is on the list.
 */
let common: Set<string> | undefined;
function commonPasswords(): Set<string> {
  common ??= new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()));
  return common;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}

/** Returns why a new password is refused, or null when it is acceptable. */
export function passwordProblem(
  password: string,
  context: { username?: string; email?: string } = {},
): string | null {
  if (password.length < PASSWORD_MIN_LENGTH)
    return `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (password.length > PASSWORD_MAX_LENGTH)
    return `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`;
  if (password.trim().length === 0) return 'Password must not be only spaces.';
  const lower = password.toLowerCase();
  if (isCommonPassword(password)) return 'This password is too common. Please choose a less guessable one.';
  const username = context.username?.toLowerCase();
  const email = context.email?.toLowerCase();
  if ((username && lower === username) || (email && (lower === email || lower === email.split('@')[0]))) {
    return 'Password must not be the same as your username or email.';
  }
  return null;
}
