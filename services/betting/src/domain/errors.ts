import { DomainError, refusal } from '@bet/kit/core';

/**
 * What betting's use cases and rules refuse, each by name; the message is the API's `msg`
 * word for word. routes/errors.ts gives each code its answer.
 */

// the shape of a slip (domain/placement.ts checkSlip, parseStake)
export class InvalidStakeError extends refusal('invalid_stake') {}
export class NoSelectionsError extends refusal('no_selections') {}
export class TooManySelectionsError extends refusal('too_many_selections') {}
export class MultiNeedsTwoError extends refusal('multi_needs_two') {}
export class InvalidGameIdError extends refusal('invalid_game_id') {}
export class InvalidSelectionError extends refusal('invalid_selection') {}
export class DuplicateGameError extends refusal('duplicate_game') {}
/** a free-bet token pays one bet, never a set of singles (decision wallet-008) */
export class FreeBetOneBetError extends refusal('free_bet_one_bet') {}
/** a free bet outside its token's terms (decision betting-010): a league, a market, its minimum odds */
export class FreeBetLeagueError extends refusal('free_bet_league') {}
export class FreeBetMarketError extends refusal('free_bet_market') {}
export class FreeBetMinOddsError extends refusal('free_bet_min_odds') {}
/** the token is not the player's, does not exist, or was used (the wallet's reason, asked before recording) */
export class FreeBetUnavailableError extends refusal('free_bet_unavailable') {}
export class EmptyShareError extends refusal('empty_share') {}

// the games picked and the house's limits (domain/placement.ts planBets, domain/trading.ts)
export class UnknownGameError extends refusal('unknown_game') {}
/** the game takes no bets now (cancelled, finished, kicked off, waiting for in-play prices) */
export class GameClosedError extends refusal('game_closed') {}
/** a live game whose prices games does not vouch for now, or a market an admin suspended */
export class MarketSuspendedError extends refusal('market_suspended') {}
export class NoPriceError extends refusal('no_price') {}
export class MaxStakeError extends refusal('max_stake') {}
export class MaxPayoutError extends refusal('max_payout') {}
export class MaxOddsError extends refusal('max_odds') {}
export class MaxLiabilityError extends refusal('max_liability') {}
/** the price moved since the player's quote, and the slip does not take the new one */
export class OddsChangedError extends refusal('odds_changed') {}

// the player (domain/limits.ts, app/placement.ts)
export class WeeklyBetCountLimitError extends refusal('weekly_bet_count_limit') {}
export class WeeklyStakeLimitError extends refusal('weekly_stake_limit') {}
/** a time-out or self-exclusion runs */
export class ExcludedError extends refusal('excluded') {}
export class AccountClosedError extends refusal('account_closed', 'This account is closed.') {}

// the stake's debit (app/placement.ts)
/** the wallet did not receive the debit: no money was taken */
export class WalletUnavailableError extends refusal(
  'wallet_unavailable',
  'The wallet is unavailable right now; no money was taken. Please try again.',
) {}
/** the debit was sent and not answered yet: the reconciler decides the placement */
export class PlacementPendingError extends refusal(
  'placement_pending',
  'Your bet is still being confirmed with the wallet. It will be accepted or cancelled shortly; check My Bets.',
) {}
/** the stake was taken for a placement already rejected: it is given back */
export class NotPlacedRefundedError extends refusal(
  'not_placed_refunded',
  'Your bet could not be placed; any amount taken will be refunded.',
) {}
/**
 * The wallet refused the stake: its reason is the code (MoneyReply's reasons in proto-events:
 * insufficient_funds, unknown_account, invalid, free_bet_unavailable), its message the `msg`.
 */
export class WalletRefusedError extends DomainError {
  override name = 'WalletRefusedError';
  constructor(reason: string, msg: string) {
    super(reason, msg);
  }
}
/** a placement rejected without a reason on record (answered without a code, as before) */
export class StakeRefusedError extends refusal('stake_refused', 'The wallet refused the stake.') {}
/** games did not confirm the live prices in time: no live bet (fail closed) */
export class LiveUnavailableError extends refusal(
  'live_unavailable',
  'Live betting is unavailable right now; no money was taken. Please try again.',
) {}

// cash-out (app/cashout.ts): the offer's reason is the message
/** why a bet has no cash-out offer now (domain/cashout.ts) */
export type CashOutRefusal =
  | 'not_pending'
  | 'free_bet'
  | 'boosted'
  | 'not_single'
  | 'not_live'
  | 'no_live_odds'
  | 'zero';
export class CashOutRefusedError extends DomainError {
  override name = 'CashOutRefusedError';
  constructor(reason: CashOutRefusal, msg: string) {
    super(`cashout_${reason}`, msg);
  }
}

// what is not there (or not the viewer's: the same answer, so ids stay secret)
export class BetNotFoundError extends refusal('bet_not_found', 'Bet not found') {}
export class GameNotFoundError extends refusal('game_not_found', 'Game not found') {}
export class ShareNotFoundError extends refusal('share_not_found', 'Shared slip not found') {}
export class BookingCodeNotFoundError extends refusal('booking_code_not_found', 'Booking code not found') {}
