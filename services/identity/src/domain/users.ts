import type { FieldError } from '@bet/kit/core';
import { type Limits, limitsView } from './limits';
import { passwordProblem } from './passwords';
import { type Protection, protectionView } from './protection';

export type Role = 'user' | 'admin';

export interface User {
  id: string;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  state: string | null;
  role: Role;
  passwordHash: string | null;
  profilePicture: string | null;
  limits: Limits;
  isOnline: boolean;
  lastSeen: Date | null;
  createdAt: Date;
  closedAt: Date | null;
  termsAcceptedAt: Date | null;
  protection: Protection;
  /** mobile number in E.164, set by phone sign-in (domain/phone.ts) */
  phone: string | null;
}

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;
export const NAME_MAX = 50;
export const STATE_MAX = 60;
export const EMAIL_MAX = 254;

const USERNAME_RE = /^[A-Za-z0-9_]+$/;
// letters of any script, combining marks, and the punctuation names really contain
const NAME_RE = /^[\p{L}\p{M}][\p{L}\p{M}' .-]*$/u;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function usernameProblem(username: string): string | null {
  if (username.length < USERNAME_MIN || username.length > USERNAME_MAX)
    return `Username must be ${USERNAME_MIN} to ${USERNAME_MAX} characters long.`;
  if (!USERNAME_RE.test(username)) return 'Username may contain only letters, digits and underscores.';
  return null;
}

export function nameProblem(label: string, value: string): string | null {
  const v = value.trim();
  if (v.length === 0) return `${label} is required.`;
  if (v.length > NAME_MAX) return `${label} must be at most ${NAME_MAX} characters.`;
  if (!NAME_RE.test(v)) return `${label} may contain only letters, spaces, hyphens, apostrophes and dots.`;
  return null;
}

export function stateProblem(value: string): string | null {
  if (value.trim().length > STATE_MAX) return `State must be at most ${STATE_MAX} characters.`;
  if (/[\p{Cc}<>]/u.test(value)) return 'State contains characters that are not allowed.';
  return null;
}

const field = (path: string, msg: string): FieldError => ({ path, location: 'body', msg });

export interface RegistrationInput {
  username: string;
  email: string;
  password: string;
  confirmPassword?: string;
  firstName: string;
  lastName: string;
  /** the web sends it; when sent it must be true (the bare spec payload has no such field) */
  termsAccepted?: boolean;
}

export const TERMS_REQUIRED = 'Please confirm you are 18 or over and accept the terms.';

/** Everything wrong with a registration, one entry per field (empty when it is acceptable). */
export function registrationProblems(input: RegistrationInput): FieldError[] {
  const errors: FieldError[] = [];
  const u = usernameProblem(input.username.trim());
  if (u) errors.push(field('username', u));
  const f = nameProblem('First name', input.firstName);
  if (f) errors.push(field('firstName', f));
  const l = nameProblem('Last name', input.lastName);
  if (l) errors.push(field('lastName', l));
  const p = passwordProblem(input.password, {
    username: input.username.trim(),
    email: normalizeEmail(input.email),
  });
  if (p) errors.push(field('password', p));
  else if (input.confirmPassword !== undefined && input.confirmPassword !== input.password)
    errors.push(field('confirmPassword', 'Passwords do not match!'));
  if (input.termsAccepted === false) errors.push(field('termsAccepted', TERMS_REQUIRED));
  return errors;
}

export interface ProfilePatch {
  firstName?: string;
  lastName?: string;
  state?: string | null;
}

export function profileProblems(patch: ProfilePatch): FieldError[] {
  const errors: FieldError[] = [];
  if (patch.firstName !== undefined) {
    const p = nameProblem('First name', patch.firstName);
    if (p) errors.push(field('firstName', p));
  }
  if (patch.lastName !== undefined) {
    const p = nameProblem('Last name', patch.lastName);
    if (p) errors.push(field('lastName', p));
  }
  if (typeof patch.state === 'string') {
    const p = stateProblem(patch.state);
    if (p) errors.push(field('state', p));
  }
  return errors;
}

/** The patch as it will be stored: names trimmed, an empty state means "none". */
export function normalizeProfilePatch(patch: ProfilePatch): ProfilePatch {
  const out: ProfilePatch = {};
  if (patch.firstName !== undefined) out.firstName = patch.firstName.trim();
  if (patch.lastName !== undefined) out.lastName = patch.lastName.trim();
  if (patch.state !== undefined)
    out.state = patch.state === null || patch.state.trim() === '' ? null : patch.state.trim();
  return out;
}

/** The user object of the public API (spec §3, docs/api-conventions.md). */
export function publicUser(u: User) {
  return {
    _id: u.id,
    username: u.username,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    role: u.role,
    profilePicture: u.profilePicture,
    state: u.state,
    createdAt: u.createdAt.toISOString(),
    hasPassword: u.passwordHash !== null,
    limits: limitsView(u.limits),
    termsAcceptedAt: u.termsAcceptedAt ? u.termsAcceptedAt.toISOString() : null,
    protection: protectionView(u.protection),
    phone: u.phone,
  };
}

export type PublicUser = ReturnType<typeof publicUser>;

/** What administrators see in addition. */
export function adminUser(u: User) {
  return {
    ...publicUser(u),
    isOnline: u.isOnline,
    lastSeen: u.lastSeen ? u.lastSeen.toISOString() : null,
    closedAt: u.closedAt ? u.closedAt.toISOString() : null,
  };
}

/**
 * What is left of a closed account: the id (money and bet records point at it) and nothing
 * that identifies a person. The username and email stay unique and free the originals.
 */
export function anonymisedFields(id: string) {
  return {
    username: `deleted_${id}`,
    email: `deleted+${id}@invalid`,
    firstName: 'Deleted',
    lastName: 'User',
    state: null,
    profilePicture: null,
    passwordHash: null,
    phone: null,
  };
}

/** user.updated carries the whole public picture */
export function userUpdatedPayload(u: User) {
  return {
    userId: u.id,
    username: u.username,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    state: u.state,
    profilePicture: u.profilePicture,
    limits: limitsView(u.limits),
    protection: protectionView(u.protection),
  };
}

export function userRegisteredPayload(u: User) {
  return {
    userId: u.id,
    username: u.username,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    role: u.role,
    createdAt: u.createdAt.toISOString(),
  };
}
