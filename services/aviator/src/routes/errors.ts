import type { ErrorTable } from '@bet/kit';

const sent = (status: 400 | 403 | 404 | 409 | 422) => ({ status, sendCode: true }) as const;

/**
 * The answer to each refusal of aviator's use cases (domain/errors.ts): the one place with
 * statuses. Aviator's answers carry the code beside `msg` (the web reads it), except the
 * three that never did.
 */
export const errorAnswers: ErrorTable = {
  stake_required: sent(400),
  stake_decimals: sent(400),
  stake_not_a_number: sent(400),
  stake_not_positive: sent(400),
  stake_below_min: sent(400),
  stake_above_max: sent(400),
  auto_not_a_number: sent(400),
  auto_decimals: sent(400),
  auto_too_low: sent(400),
  auto_too_high: sent(400),
  panel_invalid: sent(400),
  third_bet: sent(409),
  panel_taken: sent(409),

  not_betting: sent(409),
  boarding_refused: { status: 409 },
  limits_unavailable: { status: 503 },
  wallet_unavailable: { status: 503 },
  nothing_to_cancel: sent(409),
  started: sent(409),
  crashed: sent(409),
  no_active_bet: sent(409),
  // the reasons betting's limits refuse a stake with (BettingReserveStake)
  weekly_bet_count_limit: sent(422),
  weekly_stake_limit: sent(422),
  account_closed: sent(403),
  excluded: sent(403),
  // the reasons the wallet refuses a debit with (WalletDebit)
  insufficient_funds: sent(422),
  unknown_account: sent(422),
  invalid: sent(422),
  // a retry under an Idempotency-Key of a bet that was refused (app/placement.ts placedAnswerOf)
  refused: sent(422),

  round_id: sent(400),
  round_unknown: sent(404),
  round_open: sent(409),
  chain: sent(409),
};
