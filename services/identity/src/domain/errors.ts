import { refusal } from '@bet/kit/core';

/**
 * What identity's use cases refuse, each by name; the message is the API's `msg` word for
 * word. routes/errors.ts gives each code its answer.
 */

/** the caller's input breaks a rule (the fields at fault in `errors`) */
export class InvalidInputError extends refusal('invalid_input') {}
/** the token is good but its account is closed or deleted */
export class AccountGoneError extends refusal('account_gone') {}
export class BadCredentialsError extends refusal('bad_credentials') {}
export class AdminRequiredError extends refusal('admin_required', 'Admin access required') {}
export class UserNotFoundError extends refusal('user_not_found', 'User not found.') {}
/** a username or an email another account has */
export class AlreadyTakenError extends refusal('already_taken') {}
export class PasswordAlreadySetError extends refusal('password_already_set') {}
/** too many wrong passwords: the message says when to try again */
export class TooManyAttemptsError extends refusal('too_many_attempts') {}
/** a refresh token or a social sign-in code that cannot be used (never a 401: clients loop on those) */
export class GrantRefusedError extends refusal('invalid_grant') {}
/** a refresh token of a session that was ended */
export class GrantRevokedError extends refusal('grant_revoked') {}
/** wallet or betting did not answer while closing an account */
export class PeerUnavailableError extends refusal('peer_unavailable') {}

// administrators acting on accounts (domain/roles.ts); these carry their code beside `msg`
export class SelfRoleChangeError extends refusal('self_role_change') {}
export class SelfDeleteError extends refusal('self_delete') {}
/** the last open admin account would go */
export class LastAdminError extends refusal('last_admin') {}
/** an account closes only with no money and no pending bets */
export class HoldsMoneyError extends refusal('holds_money') {}
export class PendingBetsError extends refusal('pending_bets') {}

// phone sign-in (domain/phone.ts); these carry their code beside `msg`
/** a one-time code that is wrong, expired, used up or never sent */
export class CodeRefusedError extends refusal('invalid_code') {}
/** the code is right but the number has no account yet: a username is needed to make one */
export class SignUpDetailsError extends refusal('signup_details_required') {}
/** the SMS provider did not take the text */
export class SmsUnavailableError extends refusal(
  'sms_unavailable',
  'We could not send the code just now. Please try again in a minute.',
) {}
