import { payoutCents, totalOddsHundredths } from '@bet/kit/core';
import { DEFAULT_MARKET, type Score, settleSelection } from '@bet/proto-events';
import type { Outcome } from './placement';

/**
 * void: the game was cancelled; push: the market's own rule gives the stake back (Draw No
 * Bet on a draw, a half-time market without a half-time score). Both count as odds 1.00.
 */
export type LegResult = 'won' | 'lost' | 'void' | 'push' | null;

/** A leg's result from its game's authoritative state (null while the game is undecided). */
export function legResult(
  outcome: string,
  game: {
    settledResult: Outcome | null;
    cancelled: boolean;
    scores?: Score | null;
    htScores?: Score | null;
  },
  market: string = DEFAULT_MARKET,
): LegResult {
  if (game.cancelled) return 'void';
  if (game.settledResult === null) return null;
  if (market === DEFAULT_MARKET) return game.settledResult === outcome ? 'won' : 'lost';
  // every other market settles on the scores (the 1X2 result is the admin's word, the rest the score's)
  if (!game.scores) return null;
  return settleSelection(market, outcome, game.scores, game.htScores ?? null);
}

export type Evaluation =
  | { state: 'open' }
  | { state: 'won'; payoutCents: bigint }
  | { state: 'lost' }
  | { state: 'void'; refundCents: bigint };

/**
 * What a bet's legs say: one lost leg loses the bet at once (even with legs still open);
 * otherwise any open leg keeps it open; every leg void (cancelled games) refunds it;
 * otherwise it wins stake × the product of the winning legs' odds (void and push legs count
 * as 1.00), rounded down. A bet whose legs all pushed (or pushed and were void) is a win
 * paying its stake back: a settlement, so that a later correction of the score moves the
 * money by the difference like any other.
 *
 * A free bet (`freeBetCents`, the part of the stake a token paid: issue 33, decision
 * wallet-008) wins stake × odds − that part: the token's stake is not returned. One that wins
 * nothing back (every leg void or pushed) is void: the wallet gives the token back.
 */
export function evaluateBet(
  stakeCents: bigint,
  legs: ReadonlyArray<{ odds: number; result: LegResult }>,
  freeBetCents = 0n,
): Evaluation {
  if (legs.some((l) => l.result === 'lost')) return { state: 'lost' };
  if (legs.some((l) => l.result === null)) return { state: 'open' };
  if (legs.every((l) => l.result === 'void')) return { state: 'void', refundCents: stakeCents };
  const odds = legs.filter((l) => l.result === 'won').map((l) => l.odds);
  if (freeBetCents > 0n && odds.length === 0) return { state: 'void', refundCents: stakeCents };
  return { state: 'won', payoutCents: payoutCents(stakeCents, odds) - freeBetCents };
}

/**
 * The odds a settled bet counts at towards a bonus's wagering (bets.settled `oddsHundredths`):
 * the product of its legs' odds with void and pushed legs at 1.00 (for a lost bet, every leg
 * as placed but those), rounded down like the bet's total odds; 1.00 when no leg is left.
 */
export function settledOddsHundredths(legs: ReadonlyArray<{ odds: number; result: LegResult }>): number {
  const counted = legs.filter((l) => l.result !== 'void' && l.result !== 'push').map((l) => l.odds);
  return counted.length === 0 ? 100 : totalOddsHundredths(counted);
}

/** The part of a bet settlement decides on. */
export interface SettlementState {
  status: 'pending' | 'won' | 'lost' | 'cancelled' | 'cashed_out' | 'pending_payment' | 'rejected';
  stakeCents: bigint;
  payoutCents: bigint;
  /** what bets.settled events told the wallet to pay so far */
  paidCents: bigint;
  /** bets.settled events published so far */
  settlements: number;
}

export type SettlementEvent =
  | {
      kind: 'settled';
      status: 'won' | 'lost';
      payoutCents: bigint;
      /** on a re-settlement: 1 for the first correction, 2 for the next… */
      correction?: number;
      /** on a re-settlement: what the wallet must move now (new payout − what it paid) */
      adjustmentCents?: bigint;
    }
  | { kind: 'voided'; refundCents: bigint };

export interface Transition {
  status: 'pending' | 'won' | 'lost' | 'cancelled';
  payoutCents: bigint;
  paidCents: bigint;
  settlements: number;
  event: SettlementEvent | null;
}

/**
 * The one place that decides what a new evaluation does to a bet. Null: nothing changes.
 * - pending → won/lost: first settlement, or a re-settlement (correction) if the bet was
 *   settled before and re-opened;
 * - won/lost → other result: a correction, with the money to move;
 * - won/lost → open: a correction re-opened a multi (its lost leg now won while other legs
 *   are undecided); the wallet keeps what it paid until the bet settles again, and if it
 *   then ends as last announced nothing is published;
 * - pending → void: refunded and cancelled;
 * - cashed out, cancelled, rejected and unpaid bets never change here.
 */
export function decideSettlement(bet: SettlementState, evaluation: Evaluation): Transition | null {
  if (bet.status !== 'pending' && bet.status !== 'won' && bet.status !== 'lost') return null;
  if (evaluation.state === 'open') {
    if (bet.status === 'pending') return null;
    return {
      status: 'pending',
      payoutCents: 0n,
      paidCents: bet.paidCents,
      settlements: bet.settlements,
      event: null,
    };
  }
  if (evaluation.state === 'void') {
    // a correction gives a result, never a void, so a bet that was paid is never voided here
    if (bet.status !== 'pending' || bet.settlements > 0) return null;
    return {
      status: 'cancelled',
      payoutCents: evaluation.refundCents,
      paidCents: bet.paidCents,
      settlements: bet.settlements,
      event: { kind: 'voided', refundCents: evaluation.refundCents },
    };
  }
  const status = evaluation.state;
  const payout = evaluation.state === 'won' ? evaluation.payoutCents : 0n;
  if (bet.status === status && bet.payoutCents === payout) return null;
  // a re-opened bet ending as last announced (a payout is never 0 for a win, so the paid
  // amount says which result that was): the wallet has nothing to move, nobody to tell
  if (bet.settlements > 0 && payout === bet.paidCents) {
    return {
      status,
      payoutCents: payout,
      paidCents: bet.paidCents,
      settlements: bet.settlements,
      event: null,
    };
  }
  const event: SettlementEvent =
    bet.settlements === 0
      ? { kind: 'settled', status, payoutCents: payout }
      : {
          kind: 'settled',
          status,
          payoutCents: payout,
          correction: bet.settlements,
          adjustmentCents: payout - bet.paidCents,
        };
  return { status, payoutCents: payout, paidCents: payout, settlements: bet.settlements + 1, event };
}
