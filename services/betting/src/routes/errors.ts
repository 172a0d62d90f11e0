import type { ErrorTable } from '@bet/kit';

const sent = (status: 400 | 403 | 404 | 409 | 422 | 503) => ({ status, sendCode: true }) as const;

/**
 * The answer to each refusal of betting's use cases (domain/errors.ts): the one place with
 * statuses. The rules of a slip and of the house carry their code beside `msg` (the web and
 * the spec client read it); the answers that never sent one still do not.
 */
export const errorAnswers: ErrorTable = {
  // the shape of a slip
  invalid_stake: sent(400),
  no_selections: sent(400),
  too_many_selections: sent(400),
  multi_needs_two: sent(400),
  invalid_game_id: sent(400),
  invalid_selection: sent(400),
  duplicate_game: sent(400),
  free_bet_one_bet: sent(400),
  free_bet_league: sent(422),
  free_bet_market: sent(422),
  free_bet_min_odds: sent(422),
  empty_share: sent(400),

  // the games picked and the house's limits
  unknown_game: sent(422),
  game_closed: sent(422),
  market_suspended: sent(422),
  no_price: sent(422),
  max_stake: sent(422),
  max_payout: sent(422),
  max_odds: sent(422),
  max_liability: sent(422),
  odds_changed: sent(409),

  // odds boosts (domain/promotions.ts, decision betting-009)
  boost_unavailable: sent(422),
  boost_other_pick: sent(422),
  boost_max_stake: sent(422),
  boost_free_bet: sent(400),
  boost_twice: sent(400),

  // the player
  weekly_bet_count_limit: sent(422),
  weekly_stake_limit: sent(422),
  excluded: sent(403),
  account_closed: { status: 403 },

  // the stake's debit; the wallet's reasons (MoneyReply in proto-events) are sent as the code
  wallet_unavailable: { status: 503 },
  placement_pending: sent(503),
  not_placed_refunded: { status: 409 },
  insufficient_funds: sent(422),
  unknown_account: sent(422),
  invalid: sent(422),
  free_bet_unavailable: sent(422),
  stake_refused: { status: 422 },
  live_unavailable: { status: 503 },
  // a second request under an Idempotency-Key already used for another (the kit's keyReused)
  idempotency_key_reused: sent(422),

  // cash-out: a bet no longer pending conflicts; the others cannot be cashed out now
  cashout_not_pending: sent(409),
  cashout_free_bet: sent(422),
  cashout_boosted: sent(422),
  cashout_not_single: sent(422),
  cashout_not_live: sent(422),
  cashout_no_live_odds: sent(422),
  cashout_zero: sent(422),

  bet_not_found: { status: 404 },
  game_not_found: { status: 404 },
  share_not_found: { status: 404 },
  booking_code_not_found: { status: 404 },
};
