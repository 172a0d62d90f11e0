import { moneyText } from '@bet/kit/core';
import { MaxLiabilityError, MaxOddsError, OddsChangedError } from './errors';

/**
 * Live trading rules that protect the house (issue 32 item 5, decision betting-008): what a
 * moved price does to a bet, the odds ceiling, and the liability limit per game and market.
 * Pure: the placement saga feeds them what it read.
 */

/**
 * The slip's "Odds changes" choice, as bet365 offers it: take any new price, take only a
 * higher one, or take none (the default: a moved price refuses the bet, the player decides).
 */
export type OddsChange = 'any' | 'higher' | 'none';
export const ODDS_CHANGES: readonly OddsChange[] = ['any', 'higher', 'none'];

export const TRADING_MSG = {
  oddsChanged: 'The odds have changed. Please review your bet slip and try again.',
} as const;

/**
 * Whether a bet quoted at `quoted` (hundredths, the price the player saw) may be taken at
 * `current` (the price now). An unchanged price is always taken.
 */
export function acceptsPrice(quoted: number, current: number, choice: OddsChange): boolean {
  if (current === quoted) return true;
  if (choice === 'any') return true;
  if (choice === 'higher') return current > quoted;
  return false;
}

export function oddsChanged(): OddsChangedError {
  return new OddsChangedError(TRADING_MSG.oddsChanged);
}

/** The odds ceiling: no selection is taken above `maxOdds` (hundredths). */
export function checkOddsCeiling(odds: number, maxOdds: number, pick: string): void {
  if (odds > maxOdds)
    throw new MaxOddsError(
      `The odds of ${pick} (${(odds / 100).toFixed(2)}) are above the maximum of ${(maxOdds / 100).toFixed(2)} we accept.`,
    );
}

/**
 * The liability limit of one game and market: what the house would pay out if one outcome
 * won, over every pending bet on it, may not pass `limitCents`. `exposedCents` is what the
 * outcome already pays, `payoutCents` what this bet adds; the largest stake that still fits
 * (at the bet's total odds, hundredths) is offered in the refusal, or none when nothing fits.
 */
export function checkLiability(input: {
  exposedCents: bigint;
  payoutCents: bigint;
  limitCents: bigint;
  totalOdds: number;
  pick: string;
}): void {
  const { exposedCents, payoutCents, limitCents, totalOdds, pick } = input;
  if (exposedCents + payoutCents <= limitCents) return;
  const room = limitCents - exposedCents;
  // payout = stake × odds / 100 rounded down, so this stake's payout is within the room
  const largest = room > 0n ? (room * 100n) / BigInt(totalOdds) : 0n;
  const offer =
    largest >= 1n
      ? ` The largest stake we can accept on it now is ${moneyText(largest)}.`
      : ' We cannot accept more bets on it now.';
  throw new MaxLiabilityError(`This bet is over our limit for ${pick}.${offer}`);
}
