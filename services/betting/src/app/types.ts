import type { OutboxTables, ServiceContext, Static } from '@bet/kit';
import type { TObject } from '@sinclair/typebox';
import type { Kysely, Selectable } from 'kysely';
import type { bettingConfig } from '../config';
import type { BettingDB, GamesTable } from '../db/schema';
import type { GameState } from '../domain/placement';

export type BettingConfig = Static<TObject<typeof bettingConfig>>;
export type Ctx = ServiceContext<BettingDB, BettingConfig>;
export type Db = Kysely<BettingDB & OutboxTables>;
export type GameRow = Selectable<GamesTable>;

export function gameState(row: GameRow): GameState {
  return {
    id: row.id,
    homeTeam: row.home_team,
    awayTeam: row.away_team,
    status: row.status,
    odds: { A: row.odds_home, Draw: row.odds_draw, B: row.odds_away },
    oddsLive: row.odds_live,
    settledResult: row.settled_result,
    cancelled: row.cancelled_at !== null,
    kickOff: row.match_date ? new Date(row.match_date) : null,
  };
}

export function gameSummary(row: GameRow) {
  return {
    _id: row.id,
    homeTeam: row.home_team,
    awayTeam: row.away_team,
    status: row.status,
    league: row.league,
  };
}

/**
 * Games by id. `lock: 'keyShare'` makes a settlement of one of them (which takes the row
 * FOR UPDATE) wait for this transaction and vice versa, while odds updates (plain
 * updates) go on undisturbed; sorted ids keep the lock order stable.
 */
export async function loadGames(
  db: Db,
  ids: readonly string[],
  lock?: 'keyShare',
): Promise<Map<string, GameRow>> {
  if (ids.length === 0) return new Map();
  let q = db
    .selectFrom('games')
    .selectAll()
    .where('id', 'in', [...new Set(ids)].sort())
    .orderBy('id');
  if (lock === 'keyShare') q = q.forKeyShare();
  const rows = await q.execute();
  return new Map(rows.map((r) => [r.id, r]));
}
