import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import stableJson from 'safe-stable-stringify';
import type { GamesTable, MatchEventsTable } from '../db/schema';
import type { GameRecord, GameStatus, Outcome, PriceSource, Provider } from '../domain/game';
import type { SimRecord } from '../domain/live';
import { isControlled, type MarketControl } from '../domain/market-control';
import type { FeedRecord } from '../domain/markets';
import { type DB, type GameRow, json } from './db';

export type MatchEventRow = Selectable<MatchEventsTable>;
export type NewMatchEvent = Insertable<MatchEventsTable>;

export function rowToGame(r: GameRow): GameRecord {
  return {
    id: r.id,
    provider: r.provider as Provider,
    providerId: r.provider_id,
    homeTeam: r.home_team,
    awayTeam: r.away_team,
    homeTeamLogo: r.home_team_logo,
    awayTeamLogo: r.away_team_logo,
    league: r.league,
    matchDate: new Date(r.match_date),
    status: r.status as GameStatus,
    score: { home: r.home_score, away: r.away_score },
    elapsed: r.elapsed,
    result: (r.result as Outcome | null) ?? null,
    odds: { home: r.odds_home, draw: r.odds_draw, away: r.odds_away },
    base: { home: r.base_home, draw: r.base_draw, away: r.base_away },
    adjusted:
      r.adj_home != null && r.adj_draw != null && r.adj_away != null
        ? { home: r.adj_home, draw: r.adj_draw, away: r.adj_away }
        : null,
    priceSource: r.price_source as PriceSource,
    lambdas:
      r.lambda_home != null && r.lambda_away != null ? { home: r.lambda_home, away: r.lambda_away } : null,
    sim: json<SimRecord>(r.sim_state),
    settledAt: r.settled_at ? new Date(r.settled_at) : null,
    cancelledAt: r.cancelled_at ? new Date(r.cancelled_at) : null,
    pricesAt: r.prices_at ? new Date(r.prices_at) : null,
    marketControl: json<MarketControl>(r.market_control),
    feed: json<FeedRecord>(r.feed),
  };
}

/** Every column of a game, for inserts and full updates. */
export function gameToRow(g: GameRecord): Insertable<GamesTable> & Updateable<GamesTable> {
  return {
    id: g.id,
    provider: g.provider,
    provider_id: g.providerId,
    home_team: g.homeTeam,
    away_team: g.awayTeam,
    home_team_logo: g.homeTeamLogo,
    away_team_logo: g.awayTeamLogo,
    league: g.league,
    match_date: g.matchDate,
    status: g.status,
    home_score: g.score.home,
    away_score: g.score.away,
    elapsed: g.elapsed,
    result: g.result,
    odds_home: g.odds.home,
    odds_draw: g.odds.draw,
    odds_away: g.odds.away,
    base_home: g.base.home,
    base_draw: g.base.draw,
    base_away: g.base.away,
    adj_home: g.adjusted?.home ?? null,
    adj_draw: g.adjusted?.draw ?? null,
    adj_away: g.adjusted?.away ?? null,
    price_source: g.priceSource,
    lambda_home: g.lambdas?.home ?? null,
    lambda_away: g.lambdas?.away ?? null,
    sim_state: g.sim ? JSON.stringify(g.sim) : null,
    settled_at: g.settledAt,
    cancelled_at: g.cancelledAt,
    // keys sorted: jsonb gives them back in its own order, and a rewrite must compare equal
    market_control: isControlled(g.marketControl) ? (stableJson(g.marketControl) ?? null) : null,
    feed: g.feed ? (stableJson(g.feed) ?? null) : null,
  };
}

/** The columns that differ between two versions of a game (for a minimal UPDATE). */
export function changedColumns(before: GameRecord, after: GameRecord): Updateable<GamesTable> {
  const a = gameToRow(before) as Record<string, unknown>;
  const b = gameToRow(after) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(b)) {
    const prev = a[k];
    const same = v instanceof Date && prev instanceof Date ? v.getTime() === prev.getTime() : v === prev;
    if (!same) out[k] = v;
  }
  return out as Updateable<GamesTable>;
}

// ── catalogue reads ───────────────────────────────────────────────────────

export interface ListQuery {
  status?: GameStatus;
  limit: number;
  order?: 'asc' | 'desc';
  league?: string;
  team?: string;
  /** a substring of either team or the league, any case (the admin screen's search box) */
  search?: string;
  /** 1-based page of `limit` games */
  page?: number;
  from?: Date;
  to?: Date;
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Without a status or an order, what an admin manages comes first: live games, then upcoming
 * ones (admin-made before feed games, each by kick-off), then the latest finished, then the
 * cancelled (docs/api-conventions.md, "Game lists"). With a status: the documented defaults.
 */
function orderGames<Q extends { orderBy: (...a: any[]) => Q }>(query: Q, q: ListQuery): Q {
  const order =
    q.order ?? (q.status === 'finished' || q.status === 'cancelled' ? 'desc' : q.status ? 'asc' : undefined);
  if (order) return query.orderBy('match_date', order).orderBy('id', order);
  return query
    .orderBy(sql`case status when 'live' then 1 when 'upcoming' then 2 when 'finished' then 3 else 4 end`)
    .orderBy(sql`case when status in ('live', 'upcoming') and provider = 'manual' then 0 else 1 end`)
    .orderBy(
      sql`case when status in ('live', 'upcoming') then extract(epoch from match_date) else -extract(epoch from match_date) end`,
    )
    .orderBy('id');
}

function filterGames(db: DB, q: ListQuery) {
  let query = db.selectFrom('games');
  if (q.status) query = query.where('status', '=', q.status);
  if (q.league) query = query.where(sql`lower(league)`, '=', q.league.trim().toLowerCase());
  if (q.team) {
    const pattern = `%${likeEscape(q.team.trim())}%`;
    query = query.where((eb) =>
      eb.or([eb('home_team', 'ilike', pattern), eb('away_team', 'ilike', pattern)]),
    );
  }
  if (q.search?.trim()) {
    const pattern = `%${likeEscape(q.search.trim())}%`;
    query = query.where((eb) =>
      eb.or([
        eb('home_team', 'ilike', pattern),
        eb('away_team', 'ilike', pattern),
        eb('league', 'ilike', pattern),
      ]),
    );
  }
  if (q.from) query = query.where('match_date', '>=', q.from);
  if (q.to) query = query.where('match_date', '<=', q.to);
  return query;
}

export async function selectGames(db: DB, q: ListQuery): Promise<GameRecord[]> {
  const rows = await orderGames(filterGames(db, q).selectAll(), q)
    .limit(q.limit)
    .offset(((q.page ?? 1) - 1) * q.limit)
    .execute();
  return rows.map(rowToGame);
}

/** How many games a list query matches (for the pages of the admin screen). */
export async function countGames(db: DB, q: ListQuery): Promise<number> {
  const row = await filterGames(db, q).select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function selectGame(db: DB, id: string): Promise<GameRecord | undefined> {
  const row = await db.selectFrom('games').selectAll().where('id', '=', id).executeTakeFirst();
  return row && rowToGame(row);
}

export async function selectGamesByIds(db: DB, ids: readonly string[]): Promise<GameRecord[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('games').selectAll().where('id', 'in', ids).execute();
  return rows.map(rowToGame);
}

/** A game's match events in match order. */
export async function selectMatchEvents(db: DB, gameId: string): Promise<MatchEventRow[]> {
  return db
    .selectFrom('match_events')
    .selectAll()
    .where('game_id', '=', gameId)
    .orderBy('elapsed')
    .orderBy(sql`coalesce(extra, 0)`)
    .orderBy('seq')
    .execute();
}

// ── writes ────────────────────────────────────────────────────────────────

export async function lockGame(trx: DB, id: string): Promise<GameRecord | undefined> {
  const row = await trx.selectFrom('games').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  return row && rowToGame(row);
}

export async function insertGame(trx: DB, game: GameRecord) {
  await trx.insertInto('games').values(gameToRow(game)).execute();
}

/** Writes what changed between two versions of a game (plus `extra` columns); nothing when nothing did. */
export async function saveGame(
  trx: DB,
  before: GameRecord,
  after: GameRecord,
  extra: Updateable<GamesTable> = {},
  at = new Date(),
): Promise<boolean> {
  const cols = { ...changedColumns(before, after), ...extra };
  if (Object.keys(cols).length === 0) return false;
  await trx
    .updateTable('games')
    .set({ ...cols, updated_at: at })
    .where('id', '=', after.id)
    .execute();
  return true;
}

// ── the simulator ─────────────────────────────────────────────────────────

/** Simulated games that are live or due to kick off by `now`, in kick-off order. */
export async function selectDueSimulated(db: DB, now: Date): Promise<string[]> {
  const due = await db
    .selectFrom('games')
    .select('id')
    .where('provider', '=', 'simulator')
    .where((eb) =>
      eb.or([
        eb('status', '=', 'live'),
        eb.and([eb('status', '=', 'upcoming'), eb('match_date', '<=', now)]),
      ]),
    )
    .orderBy('match_date')
    .orderBy('id')
    .execute();
  return due.map((r) => r.id);
}

/** Simulated games, locked, with whether somebody bet on them. */
export async function lockSimulated(
  trx: DB,
  ids: readonly string[],
): Promise<Array<{ game: GameRecord; interested: boolean }>> {
  const rows = await trx
    .selectFrom('games')
    .leftJoin('game_interest', 'game_interest.game_id', 'games.id')
    .selectAll('games')
    .select('game_interest.game_id as interest')
    .where('games.id', 'in', ids)
    .where('games.provider', '=', 'simulator')
    .orderBy('games.id')
    .forUpdate('games')
    .execute();
  return rows.map(({ interest, ...row }) => ({ game: rowToGame(row), interested: interest != null }));
}

/**
 * Writes the columns a simulator step changes for a whole batch in one UPDATE … FROM
 * (VALUES …): one round trip per batch instead of one per game.
 */
export async function saveSimulated(trx: DB, games: GameRecord[]) {
  if (games.length === 0) return;
  const values = games.map(
    (g) =>
      sql`(${g.id}, ${g.status}, ${g.score.home}, ${g.score.away}, ${g.elapsed}, ${g.result}, ${g.odds.home}, ${g.odds.draw}, ${g.odds.away}, ${g.base.home}, ${g.base.draw}, ${g.base.away}, ${g.sim ? JSON.stringify(g.sim) : null}, ${g.settledAt ? g.settledAt.toISOString() : null})`,
  );
  await sql`
    update games as g set
      status = v.status, home_score = v.home_score::int, away_score = v.away_score::int, elapsed = v.elapsed::int,
      result = v.result, odds_home = v.odds_home::int, odds_draw = v.odds_draw::int, odds_away = v.odds_away::int,
      base_home = v.base_home::int, base_draw = v.base_draw::int, base_away = v.base_away::int,
      sim_state = v.sim_state::jsonb, settled_at = v.settled_at::timestamptz, updated_at = now()
    from (values ${sql.join(values)}) as v(id, status, home_score, away_score, elapsed, result, odds_home, odds_draw, odds_away,
      base_home, base_draw, base_away, sim_state, settled_at)
    where g.id = v.id`.execute(trx);
}

/**
 * Writes what live trading cleared of an admin's pins (games-007): the 1X2 adjustment and the
 * pinned market prices (saveSimulated writes the match and prices, not the admin's columns).
 */
export async function savePinsCleared(trx: DB, games: readonly GameRecord[]) {
  for (const g of games)
    await trx
      .updateTable('games')
      .set({
        adj_home: null,
        adj_draw: null,
        adj_away: null,
        adjusted_by: null,
        adjusted_at: null,
        market_control: isControlled(g.marketControl) ? (stableJson(g.marketControl) ?? null) : null,
      })
      .where('id', '=', g.id)
      .execute();
}

/** Marks the in-play prices of these games confirmed at `at` (see liveSuspended). */
export async function confirmPrices(trx: DB, ids: readonly string[], at: Date) {
  if (ids.length === 0) return;
  await trx.updateTable('games').set({ prices_at: at }).where('id', 'in', ids).execute();
}

/** Appends match events; a step already stored (same game and sequence number) is kept. */
export async function insertMatchEvents(trx: DB, rows: NewMatchEvent[]) {
  if (rows.length === 0) return;
  await trx
    .insertInto('match_events')
    .values(rows)
    .onConflict((oc) => oc.columns(['game_id', 'seq']).doNothing())
    .execute();
}

/** Inserts games a provider fixture may already hold; returns the ids that were new. */
export async function insertFixtureGames(trx: DB, games: GameRecord[]): Promise<Set<string>> {
  if (games.length === 0) return new Set();
  const inserted = await trx
    .insertInto('games')
    .values(games.map(gameToRow))
    .onConflict((oc) =>
      oc.columns(['provider', 'provider_id']).where('provider_id', 'is not', null).doNothing(),
    )
    .returning('id')
    .execute();
  return new Set(inserted.map((r) => r.id));
}

/** Deletes finished or cancelled simulated games that kicked off before `before` and nobody bet on. */
export async function deleteOldSimulated(db: DB, before: Date): Promise<number> {
  const res = await db
    .deleteFrom('games')
    .where('provider', '=', 'simulator')
    .where('status', 'in', ['finished', 'cancelled'])
    .where('match_date', '<', before)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('game_interest').select('game_id').whereRef('game_interest.game_id', '=', 'games.id'),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(res.numDeletedRows ?? 0);
}

// ── provider sync ─────────────────────────────────────────────────────────

export async function lockProviderGame(
  trx: DB,
  provider: string,
  providerId: string,
): Promise<GameRecord | null> {
  const row = await trx
    .selectFrom('games')
    .selectAll()
    .where('provider', '=', provider)
    .where('provider_id', '=', providerId)
    .forUpdate()
    .executeTakeFirst();
  return row ? rowToGame(row) : null;
}

/** Replaces a game's match events with `rows` when they differ; true when something changed. */
export async function replaceMatchEvents(trx: DB, gameId: string, rows: NewMatchEvent[]): Promise<boolean> {
  const current = await trx
    .selectFrom('match_events')
    .selectAll()
    .where('game_id', '=', gameId)
    .orderBy('seq')
    .execute();
  const key = (e: NewMatchEvent) =>
    [e.seq, e.type, e.side, e.elapsed, e.extra ?? '', e.player, e.team, e.detail].join('|');
  const same = current.length === rows.length && current.every((c, i) => key(c) === key(rows[i]));
  if (same) return false;
  await trx.deleteFrom('match_events').where('game_id', '=', gameId).execute();
  if (rows.length > 0) await trx.insertInto('match_events').values(rows).execute();
  return true;
}

// ── pricing ───────────────────────────────────────────────────────────────

/** Upcoming, model-priced games of these teams (lower-cased names), locked for re-pricing. */
export async function lockUpcomingModelGames(trx: DB, teamKeys: readonly string[]): Promise<GameRecord[]> {
  const rows = await trx
    .selectFrom('games')
    .selectAll()
    .where('status', '=', 'upcoming')
    .where('price_source', '=', 'model')
    .where((eb) =>
      eb.or([eb(sql`lower(home_team)`, 'in', teamKeys), eb(sql`lower(away_team)`, 'in', teamKeys)]),
    )
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows.map(rowToGame);
}

/** The last `n` results of each of these teams (lower-cased names), goals for and against. */
export async function selectRecentForm(db: DB, teamKeys: readonly string[], n: number) {
  const recent = await sql<{ team: string; gf: number; ga: number }>`
    select team, gf, ga from (
      select team, gf, ga, row_number() over (partition by team order by match_date desc) as n from (
        select lower(home_team) as team, home_score as gf, away_score as ga, match_date
          from games where status = 'finished' and result is not null and lower(home_team) in (${sql.join(teamKeys)})
        union all
        select lower(away_team) as team, away_score as gf, home_score as ga, match_date
          from games where status = 'finished' and result is not null and lower(away_team) in (${sql.join(teamKeys)})
      ) played
    ) ranked where n <= ${n}`.execute(db);
  return recent.rows;
}

// ── crests ────────────────────────────────────────────────────────────────

/**
 * Moves stored crest addresses matching `pattern` (its group 1 is the file) onto `base`;
 * returns how many columns changed.
 */
export async function rebaseCrests(db: DB, base: string, pattern: string): Promise<number> {
  let changed = 0;
  for (const column of ['home_team_logo', 'away_team_logo'] as const) {
    const res = await sql`
      update games set ${sql.ref(column)} = ${base} || regexp_replace(${sql.ref(column)}, ${pattern}, '\\1')
      where ${sql.ref(column)} ~ ${pattern} and ${sql.ref(column)} <> ${base} || regexp_replace(${sql.ref(column)}, ${pattern}, '\\1')`.execute(
      db,
    );
    changed += Number(res.numAffectedRows ?? 0);
  }
  return changed;
}
