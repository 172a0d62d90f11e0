import { centsToDollars } from '@bet/kit/core';
import { MARKETS, marketDef, marketLabel, selectionLabel, type Teams } from '@bet/proto-events';

/**
 * A game's exposure broken down by market and outcome (issue 32 item 7): the admin Risk
 * screen's per-market table. Pure: the route feeds it the pending bets grouped by market and
 * outcome (cents, as the store sums them). A multi counts in full toward its pick, as the
 * spec's 1X2 outcomes count it.
 */

/** pending bets on one market and outcome of a game, summed in cents */
export interface ExposureRow {
  market: string;
  outcome: string;
  bets: string | number | bigint;
  stake: string | number | bigint;
  payout: string | number | bigint;
}

export interface OutcomeExposure {
  outcome: string;
  /** what a player reads ("Over 2.5", "BTTS Yes", the team's name) */
  label: string;
  betCount: number;
  totalStake: number;
  totalPotentialPayout: number;
  /** dollars: the configured liability limit of this outcome (MAX_LIABILITY, per game, market and outcome) */
  liabilityLimit?: number;
  /** dollars: what this outcome may still take before a bet on it is refused (limit − what it would pay, ≥ 0) */
  headroom?: number;
}

/** The liability limit placement applies (betting-008) and what each outcome already holds against it. */
export interface LiabilityLimit {
  limitCents: bigint;
  /** what the outcome would pay over every bet not yet settled (pending or awaiting payment), cents */
  heldCents: (market: string, outcome: string) => bigint;
}

export interface MarketExposure {
  key: string;
  name: string;
  betCount: number;
  totalStake: number;
  totalPotentialPayout: number;
  /** what the market's worst outcome would pay out: the liability limit's reading (betting-008) */
  liability: number;
  /** dollars: the liability limit of each of its outcomes */
  liabilityLimit?: number;
  /** dollars: the smallest headroom of its outcomes (the one closest to the limit) */
  headroom?: number;
  outcomes: OutcomeExposure[];
}

/**
 * Markets with at least one pending bet, in catalogue order (a market the catalogue no longer
 * knows comes last, by key). Each lists every one of its outcomes, zeros included, so an admin
 * sees both sides of a line — except Correct Score, which lists only the scores bet on.
 */
export function exposureByMarket(
  rows: readonly ExposureRow[],
  teams: Teams,
  limit?: LiabilityLimit,
): MarketExposure[] {
  const byMarket = new Map<string, Map<string, ExposureRow>>();
  for (const r of rows) {
    const m = byMarket.get(r.market) ?? new Map<string, ExposureRow>();
    m.set(r.outcome, r);
    byMarket.set(r.market, m);
  }
  const known = MARKETS.map((m) => m.key).filter((k) => byMarket.has(k));
  const unknown = [...byMarket.keys()].filter((k) => !marketDef(k)).sort();
  return [...known, ...unknown].map((key) => {
    const got = byMarket.get(key) ?? new Map<string, ExposureRow>();
    const def = marketDef(key);
    const codes = def
      ? def.family === 'cs'
        ? def.outcomes.filter((o) => got.has(o))
        : def.outcomes
      : [...got.keys()].sort();
    let bets = 0;
    let stake = 0n;
    let payout = 0n;
    let worst = 0n;
    let least: bigint | null = null;
    const outcomes = codes.map((code) => {
      const r = got.get(code);
      const p = BigInt(r?.payout ?? 0);
      bets += Number(r?.bets ?? 0);
      stake += BigInt(r?.stake ?? 0);
      payout += p;
      if (p > worst) worst = p;
      const out: OutcomeExposure = {
        outcome: code,
        label: def ? selectionLabel(key, code, teams) : code,
        betCount: Number(r?.bets ?? 0),
        totalStake: centsToDollars(BigInt(r?.stake ?? 0)),
        totalPotentialPayout: centsToDollars(p),
      };
      if (limit) {
        const left = limit.limitCents - limit.heldCents(key, code);
        const headroom = left > 0n ? left : 0n;
        if (least === null || headroom < least) least = headroom;
        out.liabilityLimit = centsToDollars(limit.limitCents);
        out.headroom = centsToDollars(headroom);
      }
      return out;
    });
    return {
      key,
      name: def ? marketLabel(key, teams) : key,
      betCount: bets,
      totalStake: centsToDollars(stake),
      totalPotentialPayout: centsToDollars(payout),
      liability: centsToDollars(worst),
      ...(limit
        ? {
            liabilityLimit: centsToDollars(limit.limitCents),
            headroom: centsToDollars(least ?? limit.limitCents),
          }
        : {}),
      outcomes,
    };
  });
}
