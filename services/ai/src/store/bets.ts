import type { OutboxTables } from '@bet/kit';
import { DEFAULT_MARKET } from '@bet/proto-events/markets';
import type { Kysely } from 'kysely';
import type { AiDB } from '../db/schema';
import type { BetRecord, BetStatus } from '../domain/types';

type DB = Kysely<AiDB & OutboxTables>;

export async function recordPlacedBet(
  db: DB,
  b: {
    betId: string;
    userId: string;
    betType: 'single' | 'multi';
    stakeCents: number;
    totalOddsHundredths: number;
    potentialPayoutCents: number;
    selections: Array<{ gameId: string; market?: string; outcome: string; oddsHundredths: number }>;
    placedAt: string;
  },
) {
  const inserted = await db
    .insertInto('bets')
    .values({
      id: b.betId,
      user_id: b.userId,
      bet_type: b.betType,
      stake_cents: b.stakeCents,
      total_odds_hundredths: b.totalOddsHundredths,
      potential_payout_cents: b.potentialPayoutCents,
      placed_at: b.placedAt,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return;
  // every leg, with its market (games-005): exposure and feedback read them all
  if (b.selections.length === 0) return;
  await db
    .insertInto('bet_selections')
    .values(
      b.selections.map((s) => ({
        bet_id: b.betId,
        game_id: s.gameId,
        market: s.market ?? DEFAULT_MARKET,
        outcome: s.outcome,
        odds_hundredths: s.oddsHundredths,
      })),
    )
    .onConflict((oc) => oc.columns(['bet_id', 'game_id']).doNothing())
    .execute();
}

/** Records how a bet ended; the latest word wins (a corrected settlement replaces the first). */
export async function closeBet(
  db: DB,
  betId: string,
  status: Exclude<BetStatus, 'pending'>,
  payoutCents: number,
  at: string,
) {
  await db
    .insertInto('bet_closures')
    .values({ bet_id: betId, status, payout_cents: payoutCents, closed_at: at })
    .onConflict((oc) =>
      oc
        .column('bet_id')
        .doUpdateSet({ status, payout_cents: payoutCents, closed_at: at })
        .where('bet_closures.closed_at', '<=', new Date(at)),
    )
    .execute();
}

/** A player's bets since `since`, selections included (no closure yet = pending). */
export async function betsOfUser(db: DB, userId: string, since: Date, limit = 1000): Promise<BetRecord[]> {
  const bets = await db
    .selectFrom('bets')
    .leftJoin('bet_closures as c', 'c.bet_id', 'bets.id')
    .selectAll('bets')
    .select(['c.status', 'c.payout_cents'])
    .where('bets.user_id', '=', userId)
    .where('bets.placed_at', '>=', since)
    .orderBy('bets.placed_at', 'desc')
    .limit(limit)
    .execute();
  if (bets.length === 0) return [];
  const sels = await db
    .selectFrom('bet_selections')
    .selectAll()
    .where(
      'bet_id',
      'in',
      bets.map((b) => b.id),
    )
    .execute();
  const byBet = new Map<string, BetRecord['selections']>();
  for (const s of sels)
    byBet.set(s.bet_id, [
      ...(byBet.get(s.bet_id) ?? []),
      { gameId: s.game_id, market: s.market, outcome: s.outcome, odds: s.odds_hundredths / 100 },
    ]);
  return bets.map((b) => ({
    id: b.id,
    userId: b.user_id,
    betType: b.bet_type,
    stakeCents: Number(b.stake_cents),
    totalOdds: b.total_odds_hundredths / 100,
    potentialPayoutCents: Number(b.potential_payout_cents),
    status: b.status ?? 'pending',
    payoutCents: Number(b.payout_cents ?? 0),
    placedAt: new Date(b.placed_at),
    selections: byBet.get(b.id) ?? [],
  }));
}

/** The still-open bets that include a game, with the market and outcome picked on it. */
export async function pendingOnGame(db: DB, gameId: string) {
  const rows = await db
    .selectFrom('bet_selections as s')
    .innerJoin('bets as b', 'b.id', 's.bet_id')
    .leftJoin('bet_closures as c', 'c.bet_id', 'b.id')
    .select(['b.bet_type', 'b.stake_cents', 'b.potential_payout_cents', 's.market', 's.outcome'])
    .where('s.game_id', '=', gameId)
    .where('c.bet_id', 'is', null)
    .execute();
  return rows.map((r) => ({
    betType: r.bet_type,
    stakeCents: Number(r.stake_cents),
    potentialPayoutCents: Number(r.potential_payout_cents),
    market: r.market,
    outcome: r.outcome,
  }));
}
