import type { Selectable } from 'kysely';
import type { BetsTable } from '../db/schema';
import { type BetJson, betJson, type GameSummary } from '../domain/bet-view';
import { type Db, gameSummary, loadGames } from './types';

/** Renders bet rows as public Bet objects, with their selections and games, in one round trip each. */
export async function renderBets(db: Db, bets: Selectable<BetsTable>[]): Promise<BetJson[]> {
  if (bets.length === 0) return [];
  const legs = await db
    .selectFrom('selections')
    .selectAll()
    .where(
      'bet_id',
      'in',
      bets.map((b) => b.id),
    )
    .orderBy('bet_id')
    .orderBy('idx')
    .execute();
  const games = await loadGames(
    db,
    legs.map((l) => l.game_id),
  );
  const summaries = new Map<string, GameSummary>();
  // a stub row (a result for a game never announced) has no teams: treat it as unknown
  for (const [id, g] of games) if (g.home_team !== '') summaries.set(id, gameSummary(g));
  return bets.map((b) =>
    betJson(
      {
        id: b.id,
        betType: b.bet_type,
        stakeCents: BigInt(b.stake_cents),
        totalOdds: b.total_odds,
        potentialPayoutCents: BigInt(b.potential_payout_cents),
        status: b.status,
        payoutCents: BigInt(b.payout_cents),
        createdAt: new Date(b.created_at),
        settledAt: b.settled_at ? new Date(b.settled_at) : null,
      },
      legs
        .filter((l) => l.bet_id === b.id)
        .map((l) => ({ gameId: l.game_id, outcome: l.outcome, odds: l.odds, result: l.result })),
      summaries,
    ),
  );
}

export async function renderBetsById(db: Db, ids: string[]): Promise<BetJson[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('bets').selectAll().where('id', 'in', ids).orderBy('id').execute();
  return renderBets(db, rows);
}
