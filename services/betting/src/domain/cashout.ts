import type { CashOutRefusal } from './errors';
import { type GameState, priceOf } from './placement';

export interface CashOutBet {
  userId: string;
  status: string;
  stakeCents: bigint;
  potentialPayoutCents: bigint;
  /** issue 33: a free-bet token paid the stake */
  freeBet?: boolean;
  /** issue 33: an odds boost priced a leg (its extra price is not cashed out: betting-009) */
  boosted?: boolean;
  legs: ReadonlyArray<{ gameId: string; market?: string; outcome: string; odds: number }>;
}

export type CashOutOffer =
  | { available: true; amountCents: bigint }
  | {
      available: false;
      reason: string;
      code: CashOutRefusal;
    };

/**
 * The fair value of a single is what the same money would fetch at today's price of the
 * same outcome: stake × odds at placement ÷ current odds. The house keeps `marginBp`
 * basis points of it; the result is rounded down and never above the potential payout.
 */
export function cashOutValue(
  stakeCents: bigint,
  placedOdds: number,
  currentOdds: number,
  marginBp: number,
  potentialPayoutCents: bigint,
): bigint {
  const value =
    (stakeCents * BigInt(placedOdds) * BigInt(10_000 - marginBp)) / (BigInt(currentOdds) * 10_000n);
  return value > potentialPayoutCents ? potentialPayoutCents : value;
}

/** Whether (and for how much) a bet can be cashed out now; ownership is checked by the caller. */
export function cashOutOffer(bet: CashOutBet, game: GameState | undefined, marginBp: number): CashOutOffer {
  if (bet.status !== 'pending')
    return { available: false, code: 'not_pending', reason: 'Only pending bets can be cashed out.' };
  // the token's stake was never the player's money: cashing it out would turn a token into cash
  if (bet.freeBet) return { available: false, code: 'free_bet', reason: 'A free bet cannot be cashed out.' };
  // a boost is a price for the result, not a trading position: it is not cashed out early
  if (bet.boosted)
    return { available: false, code: 'boosted', reason: 'A boosted bet cannot be cashed out.' };
  if (bet.legs.length !== 1)
    return {
      available: false,
      code: 'not_single',
      reason: 'Only bets with exactly one selection can be cashed out.',
    };
  if (game?.status !== 'live' || game.settledResult || game.cancelled)
    return {
      available: false,
      code: 'not_live',
      reason: 'Cash-out is only available while the game is live.',
    };
  if (!game.oddsLive)
    return {
      available: false,
      code: 'no_live_odds',
      reason: 'Cash-out is suspended until in-play odds are available.',
    };
  const leg = bet.legs[0];
  // the same pick's price now, in its own market (a market not offered now has no cash-out)
  const current = priceOf(game, leg.outcome, leg.market);
  if (current === null)
    return {
      available: false,
      code: 'no_live_odds',
      reason: 'Cash-out is suspended until in-play odds are available.',
    };
  const amount = cashOutValue(bet.stakeCents, leg.odds, current, marginBp, bet.potentialPayoutCents);
  if (amount <= 0n)
    return { available: false, code: 'zero', reason: 'This bet has no cash-out value right now.' };
  return { available: true, amountCents: amount };
}

export function marginToBasisPoints(margin: number): number {
  return Math.round(margin * 10_000);
}
