import { DomainError, type FieldError } from '@bet/kit/core';

/**
 * What identity's use cases refuse, each by name; the message is the API's `msg` word for
 * word. routes/errors.ts gives each code its answer.
 */

/** the caller's input breaks a rule (the fields at fault in `errors`) */
export class InvalidInputError extends DomainError {
  override name = 'InvalidInputError';
  constructor(msg: string, errors?: FieldError[]) {
    super('invalid_input', msg, { errors });
  }
}

/** the token is good but its account is closed or deleted */
export class AccountGoneError extends DomainError {
  override name = 'AccountGoneError';
  constructor(msg: string) {
    super('account_gone', msg);
  }
}

export class BadCredentialsError extends DomainError {
  override name = 'BadCredentialsError';
  constructor(msg: string) {
    super('bad_credentials', msg);
  }
}

export class AdminRequiredError extends DomainError {
  override name = 'AdminRequiredError';
  constructor() {
    super('admin_required', 'Admin access required');
  }
}

export class UserNotFoundError extends DomainError {
  override name = 'UserNotFoundError';
  constructor() {
    super('user_not_found', 'User not found.');
  }
}

/** a username or an email another account has */
export class AlreadyTakenError extends DomainError {
  override name = 'AlreadyTakenError';
  constructor(msg: string, errors?: FieldError[]) {
    super('already_taken', msg, { errors });
  }
}

export class PasswordAlreadySetError extends DomainError {
  override name = 'PasswordAlreadySetError';
  constructor(msg: string) {
    super('password_already_set', msg);
  }
}

/** too many wrong passwords: the message says when to try again */
export class TooManyAttemptsError extends DomainError {
  override name = 'TooManyAttemptsError';
  constructor(msg: string) {
    super('too_many_attempts', msg);
  }
}

/** a refresh token or a social sign-in code that cannot be used (never a 401: clients loop on those) */
export class GrantRefusedError extends DomainError {
  override name = 'GrantRefusedError';
  constructor(msg: string) {
    super('invalid_grant', msg);
  }
}

/** a refresh token of a session that was ended */
export class GrantRevokedError extends DomainError {
  override name = 'GrantRevokedError';
  constructor(msg: string) {
    super('grant_revoked', msg);
  }
}

/** wallet or betting did not answer while closing an account */
export class PeerUnavailableError extends DomainError {
  override name = 'PeerUnavailableError';
  constructor(msg: string) {
    super('peer_unavailable', msg);
  }
}
