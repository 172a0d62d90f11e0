/**
 * The registration form's own checks, as the player types: the same rules the identity
 * service enforces (it stays the judge; this only saves a round trip and says which field).
 */

export interface RegisterValues {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
  termsAccepted: boolean;
}

export const EMPTY_REGISTRATION: RegisterValues = {
  firstName: '',
  lastName: '',
  username: '',
  email: '',
  password: '',
  confirmPassword: '',
  termsAccepted: false,
};

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const TERMS_REQUIRED = 'Please confirm you are 18 or over and accept the terms.';
export const FILL_ALL = 'Please fill in all fields.';
export const PASSWORDS_DIFFER = 'Passwords do not match!';

const USERNAME_RE = /^[A-Za-z0-9_]{3,30}$/;
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const REQUIRED: Record<Exclude<keyof RegisterValues, 'termsAccepted'>, string> = {
  firstName: 'First name is required.',
  lastName: 'Last name is required.',
  username: 'Username is required.',
  email: 'Email is required.',
  password: 'Password is required.',
  confirmPassword: 'Please confirm your password.',
};

export interface PasswordCheck {
  label: string;
  /** null: only the server can tell (the common-password list is not shipped to browsers) */
  ok: boolean | null;
}

/** The password rules shown under the field, ticked as they are met. */
export function passwordChecks(password: string, username: string, email: string): PasswordCheck[] {
  const p = password.toLowerCase();
  const u = username.trim().toLowerCase();
  const local = email.trim().toLowerCase().split('@')[0] ?? '';
  return [
    {
      label: `At least ${PASSWORD_MIN} characters`,
      ok: password.length >= PASSWORD_MIN && password.length <= PASSWORD_MAX,
    },
    { label: 'Not only spaces', ok: password.length > 0 && password.trim().length > 0 },
    {
      label: 'Not your username or email',
      ok: password.length > 0 && p !== u && p !== local && p !== email.trim().toLowerCase(),
    },
    { label: 'Not a commonly used password', ok: null },
  ];
}

/** One message per field that is wrong, in the form's order (empty when it can be sent). */
export function registrationErrors(v: RegisterValues): Partial<Record<keyof RegisterValues, string>> {
  const errors: Partial<Record<keyof RegisterValues, string>> = {};
  for (const key of Object.keys(REQUIRED) as Array<keyof typeof REQUIRED>) {
    if (!v[key].trim()) errors[key] = REQUIRED[key];
  }
  if (!errors.username && !USERNAME_RE.test(v.username.trim()))
    errors.username = 'Username must be 3 to 30 letters, digits or underscores.';
  if (!errors.email && !EMAIL_RE.test(v.email.trim())) errors.email = 'Please enter a valid email address.';
  if (!errors.password) {
    const failed = passwordChecks(v.password, v.username, v.email).find((c) => c.ok === false);
    if (failed) errors.password = `Password: ${failed.label.toLowerCase()}.`;
  }
  if (!errors.password && !errors.confirmPassword && v.password !== v.confirmPassword)
    errors.confirmPassword = PASSWORDS_DIFFER;
  if (!v.termsAccepted) errors.termsAccepted = TERMS_REQUIRED;
  return errors;
}

/** The one toast for a refused form: the spec's sentences first. */
export function registrationToast(errors: Partial<Record<keyof RegisterValues, string>>): string | null {
  const msgs = Object.values(errors);
  if (msgs.length === 0) return null;
  if (msgs.some((m) => Object.values(REQUIRED).includes(m as string))) return FILL_ALL;
  if (errors.confirmPassword === PASSWORDS_DIFFER) return PASSWORDS_DIFFER;
  return msgs[0] as string;
}
