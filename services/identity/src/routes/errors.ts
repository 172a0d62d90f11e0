import type { ErrorTable } from '@bet/kit';

/** The answer to each refusal of identity's use cases (domain/errors.ts): the one place with statuses. */
export const errorAnswers: ErrorTable = {
  invalid_input: { status: 400 },
  account_gone: { status: 401 },
  bad_credentials: { status: 401 },
  admin_required: { status: 403 },
  user_not_found: { status: 404 },
  already_taken: { status: 409 },
  password_already_set: { status: 409 },
  too_many_attempts: { status: 429 },
  // the OAuth word for a refused grant, which clients read
  invalid_grant: { status: 400, sendCode: true },
  grant_revoked: { status: 403, sendCode: 'invalid_grant' },
  peer_unavailable: { status: 503 },
  self_role_change: { status: 403, sendCode: true },
  self_delete: { status: 403, sendCode: true },
  last_admin: { status: 409, sendCode: true },
  holds_money: { status: 409, sendCode: true },
  pending_bets: { status: 409, sendCode: true },
  invalid_code: { status: 400, sendCode: true },
  signup_details_required: { status: 400, sendCode: true },
  sms_unavailable: { status: 503 },
};
