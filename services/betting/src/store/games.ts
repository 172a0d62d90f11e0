import type { EventData, GamesCreated } from '@bet/proto-events';
import { sql } from 'kysely';
import type { GameState, MarketOdds, Outcome } from '../domain/placement';
import type { Db, GameRow } from './db';

type Game = EventData<typeof GamesCreated>['game'];

const EPOCH = new Date(0);
const hundredths = (odds: number) => Math.round(odds * 100);

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
    markets: row.market_odds ?? null,
    suspendedUntil: row.suspended_until ? new Date(row.suspended_until) : null,
    suspendedMarkets: row.suspended_markets ?? [],
  };
}

/** The scores a settled game's legs settle on (the half-time one when the result carried it). */
export function resultScores(row: GameRow) {
  return {
    scores: { home: row.scores_home, away: row.scores_away },
    htScores: row.ht_home !== null && row.ht_away !== null ? { home: row.ht_home, away: row.ht_away } : null,
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

/** Which of these games are in play now. */
export async function liveGameIds(db: Db, ids: string[]): Promise<string[]> {
  const rows = await db
    .selectFrom('games')
    .select('id')
    .where('id', 'in', ids)
    .where('status', '=', 'live')
    .execute();
  return rows.map((r) => r.id);
}

/** "Home vs Away" by game id. */
export async function gameNames(db: Db, ids: string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  if (ids.length === 0) return names;
  const rows = await db
    .selectFrom('games')
    .select(['id', 'home_team', 'away_team'])
    .where('id', 'in', ids)
    .execute();
  for (const r of rows) names.set(r.id, `${r.home_team} vs ${r.away_team}`);
  return names;
}

/**
 * Applies a game snapshot (games.created / games.updated). Events of different subjects
 * may arrive out of order, so every part is guarded by the time it was produced: an older
 * snapshot changes nothing, odds only move forward in time, and a game settled or
 * cancelled by its own event never goes back to another status.
 */
export async function applyGameSnapshot(
  db: Db,
  game: Game,
  occurredAt: Date,
  markets?: MarketOdds | null,
): Promise<void> {
  await sql`
    insert into games (id, home_team, away_team, home_logo, away_logo, league, match_date, status,
      scores_home, scores_away, elapsed, odds_home, odds_draw, odds_away, odds_live, odds_at, snapshot_at, market_odds)
    values (${game._id}, ${game.homeTeam}, ${game.awayTeam}, ${game.homeTeamLogo}, ${game.awayTeamLogo},
      ${game.league}, ${new Date(game.matchDate)}, ${game.status}, ${game.scores.home}, ${game.scores.away},
      ${game.elapsedTime}, ${hundredths(game.odds.home)}, ${hundredths(game.odds.draw)}, ${hundredths(game.odds.away)},
      false, ${occurredAt}, ${occurredAt}, ${markets ? JSON.stringify(markets) : null}::jsonb)
    on conflict (id) do update set
      home_team = excluded.home_team,
      away_team = excluded.away_team,
      home_logo = excluded.home_logo,
      away_logo = excluded.away_logo,
      league = excluded.league,
      match_date = excluded.match_date,
      scores_home = excluded.scores_home,
      scores_away = excluded.scores_away,
      elapsed = excluded.elapsed,
      status = case
        when games.settled_result is not null then 'finished'
        when games.cancelled_at is not null then 'cancelled'
        else excluded.status end,
      odds_home = case when excluded.odds_at >= games.odds_at then excluded.odds_home else games.odds_home end,
      odds_draw = case when excluded.odds_at >= games.odds_at then excluded.odds_draw else games.odds_draw end,
      odds_away = case when excluded.odds_at >= games.odds_at then excluded.odds_away else games.odds_away end,
      -- the other markets go with the 1X2 price they were made with: a snapshot without them
      -- keeps them only if it leaves the 1X2 price as it was
      market_odds = case
        when excluded.odds_at < games.odds_at then games.market_odds
        when excluded.market_odds is not null then excluded.market_odds
        when excluded.odds_home = games.odds_home and excluded.odds_draw = games.odds_draw
          and excluded.odds_away = games.odds_away then games.market_odds
        else null end,
      -- a snapshot's prices are in-play prices only if in-play prices already arrived for it
      odds_live = case when excluded.status = 'live' then games.odds_live else false end,
      odds_at = greatest(games.odds_at, excluded.odds_at),
      snapshot_at = excluded.snapshot_at
    where excluded.snapshot_at >= games.snapshot_at`.execute(db);
}

export async function applyOdds(
  db: Db,
  gameId: string,
  odds: { home: number; draw: number; away: number },
  live: boolean,
  occurredAt: Date,
  markets?: MarketOdds | null,
  suspendedUntil?: Date | null,
  suspendedMarkets?: readonly string[],
): Promise<void> {
  await db
    .updateTable('games')
    .set({
      odds_home: hundredths(odds.home),
      odds_draw: hundredths(odds.draw),
      odds_away: hundredths(odds.away),
      odds_live: live,
      odds_at: occurredAt,
      // an announcement without markets (an older games service, an admin's price) offers none
      market_odds: markets ? JSON.stringify(markets) : null,
      // each announcement says whether its prices are suspended: none means open
      suspended_until: suspendedUntil ?? null,
      // and which markets an admin suspended: none named means none
      suspended_markets: suspendedMarkets?.length ? JSON.stringify(suspendedMarkets) : null,
    })
    .where('id', '=', gameId)
    .where('odds_at', '<=', occurredAt)
    .execute();
}

/** The game row held FOR UPDATE (placements and cash-outs hold it FOR KEY SHARE). */
export function lockGame(trx: Db, gameId: string): Promise<GameRow | undefined> {
  return trx.selectFrom('games').selectAll().where('id', '=', gameId).forUpdate().executeTakeFirst();
}

/** A result for a game this service never saw: no bet can reference it, but it is remembered. */
export async function insertFinishedStub(
  trx: Db,
  gameId: string,
  r: {
    result: Outcome;
    at: Date;
    scores: { home: number; away: number };
    htScores?: { home: number; away: number } | null;
  },
): Promise<void> {
  await trx
    .insertInto('games')
    .values({
      ...stubGame(gameId, 'finished'),
      settled_result: r.result,
      result_at: r.at,
      scores_home: r.scores.home,
      scores_away: r.scores.away,
      ht_home: r.htScores?.home ?? null,
      ht_away: r.htScores?.away ?? null,
    })
    .execute();
}

export async function insertCancelledStub(trx: Db, gameId: string, at: Date): Promise<void> {
  await trx
    .insertInto('games')
    .values({ ...stubGame(gameId, 'cancelled'), cancelled_at: at })
    .execute();
}

export async function markFinished(
  trx: Db,
  gameId: string,
  r: {
    result: Outcome;
    at: Date;
    scores: { home: number; away: number };
    htScores?: { home: number; away: number } | null;
  },
): Promise<void> {
  await trx
    .updateTable('games')
    .set({
      status: 'finished',
      settled_result: r.result,
      result_at: r.at,
      scores_home: r.scores.home,
      scores_away: r.scores.away,
      ht_home: r.htScores?.home ?? null,
      ht_away: r.htScores?.away ?? null,
    })
    .where('id', '=', gameId)
    .execute();
}

export async function markCancelled(trx: Db, gameId: string, at: Date): Promise<void> {
  await trx
    .updateTable('games')
    .set({ status: 'cancelled', cancelled_at: at })
    .where('id', '=', gameId)
    .execute();
}

function stubGame(id: string, status: 'finished' | 'cancelled') {
  return {
    id,
    home_team: '',
    away_team: '',
    home_logo: null,
    away_logo: null,
    league: null,
    match_date: null,
    status,
    scores_home: 0,
    scores_away: 0,
    elapsed: null,
    odds_home: 0,
    odds_draw: 0,
    odds_away: 0,
    odds_live: false,
    odds_at: EPOCH,
    snapshot_at: EPOCH,
  };
}
