import type { EventOf, Static } from '@bet/kit';
import {
  type GamesCancelled,
  type GamesCreated,
  type GamesOddsChanged,
  GamesResultCorrected,
  GamesSettled,
  type GamesUpdated,
  type PromotionCreated,
  PromotionDeleted,
  type PromotionRules,
  type PromotionUpdated,
  type UserDeleted,
  UserRegistered,
  UserUpdated,
} from '@bet/proto-events';
import type { AppContext } from '../context';
import { percentToBp } from '../domain/promotions';
import type { Db } from '../store/db';
import { applyGameSnapshot, applyOdds } from '../store/games';
import { applyPromotion, deletePromotion, type StoredRules } from '../store/promotions';
import { applyUserDeleted, applyUserRegistered, applyUserUpdated } from '../store/users';

/**
 * The read models other services feed. Snapshots, prices and users are idempotent upserts
 * guarded by the time the event was produced, so a repeat or a late arrival changes nothing.
 */
export async function applyGameEvent(
  db: Db,
  event: EventOf<typeof GamesCreated> | EventOf<typeof GamesUpdated>,
): Promise<void> {
  const markets = 'markets' in event.data ? event.data.markets : undefined;
  await applyGameSnapshot(db, event.data.game, new Date(event.occurredAt), markets);
}

export async function applyOddsEvent(db: Db, event: EventOf<typeof GamesOddsChanged>): Promise<void> {
  const d = event.data;
  const until = d.suspendedUntil ? new Date(d.suspendedUntil) : null;
  await applyOdds(
    db,
    d.gameId,
    d.odds,
    d.live,
    new Date(event.occurredAt),
    d.markets,
    until,
    d.suspendedMarkets,
  );
}

export async function applyUserEvent(
  db: Db,
  event: EventOf<typeof UserRegistered> | EventOf<typeof UserUpdated> | EventOf<typeof UserDeleted>,
): Promise<void> {
  const at = new Date(event.occurredAt);
  if (event.subject === UserRegistered.subject) {
    await applyUserRegistered(db, event.data.userId, event.data.username, at);
  } else if (event.subject === UserUpdated.subject) {
    const d = event.data;
    await applyUserUpdated(db, d.userId, d.username, d.limits, at, d.protection?.exclusion?.until ?? null);
  } else {
    await applyUserDeleted(db, event.data.userId, at);
  }
}

/** A game's result, correction or cancellation onto the read model and its bets' legs (see Settler). */
export async function applyResultEvent(
  ctx: AppContext,
  trx: Db,
  event: EventOf<typeof GamesSettled> | EventOf<typeof GamesResultCorrected> | EventOf<typeof GamesCancelled>,
): Promise<void> {
  if (event.subject === GamesSettled.subject) {
    const d = event.data;
    await ctx.settler.applyResult(trx, {
      gameId: d.gameId,
      result: d.result,
      scores: d.scores,
      htScores: d.htScores ?? null,
      at: new Date(d.settledAt),
      kind: 'settled',
    });
  } else if (event.subject === GamesResultCorrected.subject) {
    const d = event.data;
    await ctx.settler.applyResult(trx, {
      gameId: d.gameId,
      result: d.result,
      scores: d.scores,
      htScores: d.htScores ?? null,
      at: new Date(d.correctedAt),
      kind: 'corrected',
    });
  } else {
    await ctx.settler.applyCancel(trx, event.data.gameId, new Date(event.data.cancelledAt));
  }
}

/**
 * The admin's promotions (issue 33, decision betting-009): betting keeps the odds boosts and
 * accumulator bonuses, in its own units, guarded by event time; any other kind (or none) is
 * dropped from the projection.
 */
export async function applyPromotionEvent(
  db: Db,
  event:
    | EventOf<typeof PromotionCreated>
    | EventOf<typeof PromotionUpdated>
    | EventOf<typeof PromotionDeleted>,
): Promise<void> {
  const at = new Date(event.occurredAt);
  if (event.subject === PromotionDeleted.subject) return deletePromotion(db, event.data.promotionId, at);
  const p = event.data.promotion;
  await applyPromotion(
    db,
    {
      id: p._id,
      isActive: p.isActive,
      expiresAt: p.expiresAt ? new Date(p.expiresAt) : null,
      rules: storedRules(p.rules),
    },
    at,
  );
}

/** Dollars and decimal odds (the admin's rules) to cents, hundredths and basis points. */
export function storedRules(rules: Static<typeof PromotionRules> | undefined): StoredRules | null {
  if (rules?.kind === 'odds_boost')
    return {
      kind: 'odds_boost',
      gameId: rules.gameId,
      market: rules.market,
      outcome: rules.outcome,
      boostedOdds: rules.boostedOdds !== undefined ? Math.round(rules.boostedOdds * 100) : null,
      boostBp: rules.boostPercent !== undefined ? percentToBp(rules.boostPercent) : null,
      maxStakeCents: String(Math.round(rules.maxStake * 100)),
    };
  if (rules?.kind === 'acca_bonus')
    return {
      kind: 'acca_bonus',
      tiers: rules.tiers.map((t) => ({ legs: t.legs, bp: percentToBp(t.percent) })),
      minOddsPerLeg: Math.round(rules.minOddsPerLeg * 100),
    };
  return null;
}
