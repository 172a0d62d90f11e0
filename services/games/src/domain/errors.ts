import { DomainError, refusal } from '@bet/kit/core';

/**
 * What games' use cases refuse, each by name; the message is the API's `msg` word for word.
 * routes/errors.ts gives each code its answer.
 */

/** the input breaks a rule the schema cannot state (the fields at fault in `errors`) */
export class InvalidInputError extends refusal('invalid_input') {}
export class GameNotFoundError extends refusal('game_not_found', 'Game not found') {}
export class RankingNotFoundError extends refusal('ranking_not_found', 'Ranking not found') {}
/** another ranking has this team */
export class DuplicateTeamError extends refusal('duplicate_team') {}
export class NotAdjustedError extends refusal('not_adjusted', 'The odds of this game are not adjusted') {}

// an admin's control of one market (app/games.ts controlMarket)
export const MARKET_NOT_FOUND = 'Market not found';
export class MarketNotFoundError extends refusal('market_not_found', MARKET_NOT_FOUND) {}
export class MarketSuspendedError extends refusal('market_suspended', 'This market is already suspended') {}
export class MarketOpenError extends refusal('market_open', 'This market is not suspended') {}
/** answered with the code `not_adjusted`, as the game's own adjustment is */
export class MarketNotAdjustedError extends refusal(
  'market_not_adjusted',
  'The odds of this market are not adjusted',
) {}

// a game's life (domain/game.ts)
export class GameFinishedError extends refusal('game_finished') {}
export class GameCancelledError extends refusal('game_cancelled') {}
export class StatusBackwardsError extends refusal('status_backwards') {}
export class ResultMismatchError extends refusal('result_mismatch') {}
export class AlreadySettledError extends refusal('already_settled') {}
export class SameResultError extends refusal('same_result') {}
export class GameClosedError extends refusal('game_closed') {}

// the admin's provider sync (app/sync.ts)
/** the provider's key is not set */
export class SyncNotConfiguredError extends refusal('not_configured') {}
/** the provider failed the sync; the code names how (`provider_auth`, `provider_rate_limited`, …) */
export class ProviderFailedError extends DomainError {
  override name = 'ProviderFailedError';
  constructor(kind: string, msg: string) {
    super(`provider_${kind}`, msg);
  }
}
