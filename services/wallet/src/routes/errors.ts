import type { ErrorTable } from '@bet/kit';

/** The answer to each refusal of wallet's use cases (domain/errors.ts): the one place with statuses. */
export const errorAnswers: ErrorTable = {
  // these carry their code beside `msg`
  insufficient_funds: { status: 422, sendCode: true },
  unknown_account: { status: 422, sendCode: true },
  idempotency_conflict: { status: 409, sendCode: true },
  invalid_amount: { status: 400, sendCode: true },
  invalid_rules: { status: 400, sendCode: true },
  already_processed: { status: 409, sendCode: true },
  already_approved: { status: 409, sendCode: true },
  debt_open: { status: 422, sendCode: true },
  approval_debt_open: { status: 409, sendCode: 'debt_open' },

  excluded: { status: 403 },
  deposit_limit: { status: 422 },
  closed_wallet_deposit: { status: 422 },
  amount_too_small: { status: 400 },
  payment_provider_down: { status: 502 },
  // a payment webhook: the provider retries a 5xx, not a 4xx
  invalid_signature: { status: 401 },
  unreadable_webhook: { status: 400 },
  payment_unconfirmed: { status: 502 },
  wallet_not_found: { status: 404 },
  adjustment_not_found: { status: 404 },
  withdrawal_not_found: { status: 404 },
  own_money: { status: 403 },
  not_closed: { status: 409 },
  nothing_to_pay: { status: 409 },
};
