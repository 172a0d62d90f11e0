import { dollarsToCents, type IdempotencyKey, newId } from '@bet/kit';
import { moneyKeys } from '@bet/proto-events';
import type { KitContext } from '../config';
import { AccountClosedError } from '../domain/errors';
import { checkFreeBetTerms, type FreeBetTerms } from '../domain/free-bets';
import { checkNotExcluded, checkWeeklyLimits, type WeekUsage } from '../domain/limits';
import {
  asFreeBet,
  type BetType,
  legLabel,
  type PlannedBet,
  planBets,
  type SelectionInput,
  type SlipPromotions,
} from '../domain/placement';
import { acceptsPrice, checkLiability, type OddsChange, oddsChanged } from '../domain/trading';
import type { GameRow, UserRow } from '../store/db';
import { gameState } from '../store/games';
import type { NewPlacement } from '../store/placements';
import { exposureKey } from '../store/risk';
import { limitsOf } from './week-usage';

/**
 * One placement's checks and plan (betting's placement, step 1): the slip against its user, the
 * games, the week's usage, the liability, the promotions and a free bet's terms, and the rows to
 * record. Pure over what the recording transaction read; throws the refusal.
 */

/** A placement as the routes ask for it. */
export interface PlaceRequest {
  userId: string;
  username: string;
  betType: BetType;
  stake: number | string | undefined;
  selections: SelectionInput[] | undefined;
  /** the slip's "Odds changes" choice (betting-008); absent: none */
  oddsChange?: OddsChange;
  /** the client's Idempotency-Key: written with the placement; a key already written answers as its first attempt */
  idempotency?: IdempotencyKey;
  /** issue 33: a free-bet token pays the stake (one bet: a single or a multi) */
  freeBetId?: string;
}

export interface RecordInput {
  req: PlaceRequest;
  stakeCents: bigint;
  selections: SelectionInput[];
  now: Date;
  /** per game, the price (hundredths) the player was quoted: what the slip showed, or for a live bet the price when it arrived */
  quoted: Map<string, number>;
  /** the token's terms, asked of the wallet before recording (decision betting-010) */
  freeBet?: FreeBetTerms;
}

/** What the saga needs to know about a placement's bets and legs. */
export interface PlacementRecord {
  id: string;
  userId: string;
  debitKey: string;
  amountCents: bigint;
  description: string;
  /** the free-bet token paying the stake; the debit names it with the bet's odds */
  freeBetId: string | null;
  /** promotionId: the bet's accumulator bonus promotion (issue 33), for bets.placed */
  bets: Array<{ id: string; stakeCents: bigint; totalOdds: number; promotionId?: string | null }>;
  legs: Array<{
    betId: string;
    idx: number;
    gameId: string;
    market: string;
    outcome: string;
    odds: number;
    boostId?: string | null;
  }>;
}

/** One placement's checks and plan, against its locked user, the games and the week's usage. */
export function checkPlacement(
  config: KitContext['config'],
  { req, stakeCents, selections, now, quoted, freeBet }: RecordInput,
  user: UserRow,
  allGames: Map<string, GameRow>,
  usage: WeekUsage,
  exposure: Map<string, bigint>,
  promos: Pick<SlipPromotions, 'boosts' | 'accaRules'>,
) {
  if (user.deleted) throw new AccountClosedError();
  checkNotExcluded(user.excluded_until, now);
  const games = new Map(
    selections.flatMap((s) =>
      allGames.has(s.gameId) ? [[s.gameId, allGames.get(s.gameId) as GameRow]] : [],
    ),
  );
  const planned = asFreeBet(
    planBets(
      req.betType,
      stakeCents,
      selections,
      new Map([...games].map(([id, g]) => [id, gameState(g)])),
      {
        maxStakeCents: dollarsToCents(config.MAX_STAKE),
        maxPayoutCents: dollarsToCents(config.MAX_PAYOUT),
        maxOdds: Math.round(config.MAX_ODDS * 100),
      },
      { ...promos, freeBet: req.freeBetId !== undefined, now },
    ),
    req.freeBetId !== undefined,
  );
  // a free bet within its token's terms: leagues, markets, minimum odds (decision betting-010)
  if (freeBet)
    for (const b of planned)
      checkFreeBetTerms(freeBet, {
        totalOdds: b.totalOdds,
        legs: b.legs.map((l) => {
          const g = games.get(l.gameId) as GameRow;
          return { market: l.market, league: g.league ?? '', home: g.home_team, away: g.away_team };
        }),
      });
  // a price that moved since the player's quote is taken only as the slip allows
  for (const l of planned.flatMap((b) => b.legs)) {
    const q = quoted.get(l.gameId);
    if (q !== undefined && !acceptsPrice(q, l.odds, req.oddsChange ?? 'none')) throw oddsChanged();
  }
  // the liability of each game and market: what one outcome would pay over every pending bet
  const limitCents = dollarsToCents(config.MAX_LIABILITY);
  const added = new Map<string, bigint>();
  for (const b of planned)
    for (const l of b.legs) {
      const key = exposureKey(l.gameId, l.market, l.outcome);
      const g = games.get(l.gameId) as GameRow;
      const adding = (added.get(key) ?? 0n) + b.potentialPayoutCents;
      checkLiability({
        exposedCents: exposure.get(key) ?? 0n,
        payoutCents: adding,
        limitCents,
        totalOdds: b.totalOdds,
        pick: `${legLabel(l.market, l.outcome, { home: g.home_team, away: g.away_team })} on ${g.home_team} vs ${g.away_team}`,
      });
      added.set(key, adding);
    }
  for (const [key, cents] of added) exposure.set(key, (exposure.get(key) ?? 0n) + cents);
  const amountCents = planned.reduce((sum, b) => sum + b.stakeCents, 0n);
  checkWeeklyLimits(limitsOf(user), usage, { bets: planned.length, stakeCents: amountCents }, now);
  const betIds = planned.map(() => newId());
  const id = planned.length === 1 ? betIds[0] : newId();
  const legs = planned.flatMap((b, i) =>
    b.legs.map((l, idx) => ({
      betId: betIds[i],
      idx,
      gameId: l.gameId,
      market: l.market,
      outcome: l.outcome,
      odds: l.odds,
      boostId: l.boostId ?? null,
      baseOdds: l.baseOdds ?? null,
    })),
  );
  const record: PlacementRecord = {
    id,
    userId: req.userId,
    debitKey: planned.length === 1 ? moneyKeys.stake(id) : moneyKeys.stakeSet(id),
    amountCents,
    description: describe(planned),
    freeBetId: req.freeBetId ?? null,
    bets: planned.map((b, i) => ({
      id: betIds[i],
      stakeCents: b.stakeCents,
      totalOdds: b.totalOdds,
      promotionId: b.acca?.promotionId ?? null,
    })),
    legs,
  };
  const placement: NewPlacement = {
    ...record,
    freeBetPromotionId: freeBet?.promotionId ?? null,
    nextAttemptAt: new Date(now.getTime() + config.RECONCILE_AFTER_MS),
    createdAt: now,
    bets: planned.map((b, i) => ({
      id: betIds[i],
      betType: b.betType,
      stakeCents: b.stakeCents,
      totalOdds: b.totalOdds,
      potentialPayoutCents: b.potentialPayoutCents,
      freeBetCents: b.freeBetCents,
      ...(b.acca ? { acca: b.acca } : {}),
    })),
    legs,
  };
  const usageAfter = { bets: usage.bets + planned.length, stakeCents: usage.stakeCents + amountCents };
  return { record, planned, games, placement, usageAfter };
}

/** The prices the slip showed (hundredths), by game. */
export function quotedPrices(selections: SelectionInput[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const s of selections) if (s.odds !== undefined) out.set(s.gameId, Math.round(s.odds * 100));
  return out;
}

function describe(planned: PlannedBet[]): string {
  if (planned.length > 1) return `${planned.length} single bets`;
  const b = planned[0];
  return b.betType === 'single' ? 'Single bet' : `Multi bet (${b.legs.length} selections)`;
}
