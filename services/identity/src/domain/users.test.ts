import { describe, expect, it } from 'vitest';
import { NO_LIMITS } from './limits';
import { NO_PROTECTION } from './protection';
import {
  anonymisedFields,
  normalizeEmail,
  normalizeProfilePatch,
  profileProblems,
  publicUser,
  registrationProblems,
  TERMS_REQUIRED,
  type User,
} from './users';

const valid = {
  username: 'ada_obi',
  email: 'Ada@Example.com',
  password: 'kettle-orbit-93',
  firstName: 'Ada',
  lastName: "O'Brien-Obi",
};

describe('registration rules', () => {
  it('accepts a sound registration', () => {
    expect(registrationProblems(valid)).toEqual([]);
    expect(registrationProblems({ ...valid, firstName: 'Zoë', lastName: 'Ñúñez' })).toEqual([]);
  });
  it('reports every bad field once', () => {
    const errors = registrationProblems({ ...valid, username: 'a-b', firstName: ' ', password: 'short' });
    expect(errors.map((e) => e.path)).toEqual(['username', 'firstName', 'password']);
    expect(errors[0].msg).toBe('Username may contain only letters, digits and underscores.');
  });
  it('checks username length', () => {
    expect(registrationProblems({ ...valid, username: 'ab' })[0].msg).toBe(
      'Username must be 3 to 30 characters long.',
    );
    expect(registrationProblems({ ...valid, username: 'a'.repeat(31) })[0].path).toBe('username');
  });
  it('refuses markup in names', () => {
    expect(registrationProblems({ ...valid, lastName: '<script>' })[0].path).toBe('lastName');
  });
  it('checks the confirmation when given', () => {
    expect(registrationProblems({ ...valid, confirmPassword: 'other-password' })[0].msg).toBe(
      'Passwords do not match!',
    );
  });
  it('refuses a registration whose 18+ and terms box was left unticked', () => {
    expect(registrationProblems({ ...valid, termsAccepted: false })).toEqual([
      { path: 'termsAccepted', location: 'body', msg: TERMS_REQUIRED },
    ]);
    expect(registrationProblems({ ...valid, termsAccepted: true })).toEqual([]);
  });
  it('lowercases and trims emails', () => {
    expect(normalizeEmail('  Ada@Example.COM ')).toBe('ada@example.com');
  });
});

describe('profile patches', () => {
  it('trims and turns an empty state into none', () => {
    expect(normalizeProfilePatch({ firstName: ' Ada ', state: '  ' })).toEqual({
      firstName: 'Ada',
      state: null,
    });
    expect(profileProblems({ state: 'x'.repeat(61) })[0].path).toBe('state');
  });
});

describe('user views', () => {
  const user: User = {
    id: 'a'.repeat(24),
    username: 'ada',
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Obi',
    state: 'Lagos',
    role: 'user',
    passwordHash: null,
    profilePicture: null,
    limits: NO_LIMITS,
    isOnline: false,
    lastSeen: null,
    createdAt: new Date('2026-01-01T00:00:00Z'),
    closedAt: null,
    termsAcceptedAt: null,
    protection: NO_PROTECTION,
    phone: null,
  };
  it('shows the spec fields and never the hash', () => {
    const view = publicUser({ ...user, passwordHash: '$argon2id$...' });
    expect(Object.keys(view).sort()).toEqual(
      [
        '_id',
        'createdAt',
        'email',
        'firstName',
        'hasPassword',
        'lastName',
        'limits',
        'phone',
        'profilePicture',
        'protection',
        'role',
        'state',
        'termsAcceptedAt',
        'username',
      ].sort(),
    );
    expect(view.hasPassword).toBe(true);
    expect(publicUser(user).hasPassword).toBe(false);
  });
  it('anonymises everything personal', () => {
    const a = anonymisedFields(user.id);
    expect(a.email).not.toContain('ada');
    expect(a.username).toMatch(/^deleted_/);
    expect(a.passwordHash).toBeNull();
    expect(a.phone).toBeNull();
  });
});
