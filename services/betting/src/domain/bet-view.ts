import { DEFAULT_MARKET } from '@bet/proto-events';
import { type BetType, legLabel } from './placement';
import type { LegResult } from './settlement';

export interface BetRecord {
  id: string;
  betType: BetType;
  stakeCents: bigint;
  totalOdds: number;
  potentialPayoutCents: bigint;
  status: string;
  payoutCents: bigint;
  /** issue 33: the free-bet token that paid the stake, and how much (0n: the player's money) */
  freeBetId?: string | null;
  freeBetCents?: bigint;
  /** issue 33: a multi's accumulator bonus promotion, percent (bp) and bonus (potential, or paid once won) */
  accaPromotionId?: string | null;
  accaBonusBp?: number;
  accaBonusCents?: bigint;
  createdAt: Date;
  settledAt: Date | null;
}

export interface LegRecord {
  gameId: string;
  /** market key; '1x2' (or absent) for the spec's picks */
  market?: string;
  outcome: string;
  odds: number;
  result: LegResult;
  /** issue 33: the boost that priced the leg and the price without it */
  boostId?: string | null;
  baseOdds?: number | null;
}

export interface GameSummary {
  _id: string;
  homeTeam: string;
  awayTeam: string;
  status: string;
  league: string | null;
}

const dollars = (cents: bigint) => Number(cents) / 100;

/**
 * The status a client of the spec sees: its four values only (pending, won, lost, cancelled).
 * A cash-out is a win settled early: `won`, with `cashedOut: true` and its amount as payout
 * (docs/api-conventions.md, "Values beyond the spec's enumerations").
 */
export function publicStatus(status: string): { status: string; cashedOut: boolean } {
  return status === 'cashed_out' ? { status: 'won', cashedOut: true } : { status, cashedOut: false };
}

/** The public Bet object (docs/api-conventions.md): dollars and decimal odds at the edge. */
export function betJson(bet: BetRecord, legs: LegRecord[], games: ReadonlyMap<string, GameSummary>) {
  return {
    _id: bet.id,
    betType: bet.betType,
    selections: legs.map((l) => {
      const game = games.get(l.gameId);
      const market = l.market ?? DEFAULT_MARKET;
      return {
        gameId: l.gameId,
        // null when the game is unknown to this service: the web shows 'Game data is unavailable'
        game: game ?? null,
        // additive: a leg on another market than 1X2 names it and says what it reads as
        // ("Over 2.5"); a 1X2 leg stays exactly as the spec has it
        ...(market === DEFAULT_MARKET
          ? {}
          : {
              market,
              label: legLabel(
                market,
                l.outcome,
                game ? { home: game.homeTeam, away: game.awayTeam } : undefined,
              ),
            }),
        outcome: l.outcome,
        odds: l.odds / 100,
        ...(l.boostId ? { boost: { promotionId: l.boostId, baseOdds: (l.baseOdds ?? l.odds) / 100 } } : {}),
        result: l.result,
      };
    }),
    stake: dollars(bet.stakeCents),
    totalOdds: bet.totalOdds / 100,
    ...publicStatus(bet.status),
    payout: dollars(bet.payoutCents),
    potentialPayout: dollars(bet.potentialPayoutCents),
    // additive (issue 33): only on a bet a free-bet token paid
    ...(bet.freeBetCents && bet.freeBetCents > 0n
      ? { freeBetId: bet.freeBetId ?? '', freeBetAmount: dollars(bet.freeBetCents) }
      : {}),
    // additive (issue 33): only on a multi with an accumulator bonus
    ...(bet.accaPromotionId
      ? {
          accaPromotionId: bet.accaPromotionId,
          accaBonusPercent: (bet.accaBonusBp ?? 0) / 100,
          accaBonus: dollars(bet.accaBonusCents ?? 0n),
        }
      : {}),
    createdAt: bet.createdAt.toISOString(),
    settledAt: bet.settledAt ? bet.settledAt.toISOString() : null,
  };
}

export type BetJson = ReturnType<typeof betJson>;
