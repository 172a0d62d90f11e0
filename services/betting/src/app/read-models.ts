import type { EventData, GamesCreated, UserUpdated } from '@bet/proto-events';
import { sql } from 'kysely';
import type { Db } from './types';

type Game = EventData<typeof GamesCreated>['game'];

const EPOCH = new Date(0);
const hundredths = (odds: number) => Math.round(odds * 100);

/**
 * Applies a game snapshot (games.created / games.updated). Events of different subjects
 * may arrive out of order, so every part is guarded by the time it was produced: an older
 * snapshot changes nothing, odds only move forward in time, and a game settled or
 * cancelled by its own event never goes back to another status.
 */
export async function applyGameSnapshot(db: Db, game: Game, occurredAt: Date): Promise<void> {
  await sql`
    insert into games (id, home_team, away_team, home_logo, away_logo, league, match_date, status,
      scores_home, scores_away, elapsed, odds_home, odds_draw, odds_away, odds_live, odds_at, snapshot_at)
    values (${game._id}, ${game.homeTeam}, ${game.awayTeam}, ${game.homeTeamLogo}, ${game.awayTeamLogo},
      ${game.league}, ${new Date(game.matchDate)}, ${game.status}, ${game.scores.home}, ${game.scores.away},
      ${game.elapsedTime}, ${hundredths(game.odds.home)}, ${hundredths(game.odds.draw)}, ${hundredths(game.odds.away)},
      false, ${occurredAt}, ${occurredAt})
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
): Promise<void> {
  await db
    .updateTable('games')
    .set({
      odds_home: hundredths(odds.home),
      odds_draw: hundredths(odds.draw),
      odds_away: hundredths(odds.away),
      odds_live: live,
      odds_at: occurredAt,
    })
    .where('id', '=', gameId)
    .where('odds_at', '<=', occurredAt)
    .execute();
}

/** Makes sure a user row exists (the token's username stands in until identity's events arrive). */
export async function ensureUser(db: Db, userId: string, username: string): Promise<void> {
  await db
    .insertInto('users')
    .values({ id: userId, username, bet_count_limit: 0, stake_limit_cents: 0, version_at: EPOCH })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

export async function applyUserRegistered(
  db: Db,
  userId: string,
  username: string,
  occurredAt: Date,
): Promise<void> {
  await db
    .insertInto('users')
    .values({ id: userId, username, bet_count_limit: 0, stake_limit_cents: 0, version_at: occurredAt })
    .onConflict((oc) =>
      oc
        .column('id')
        .doUpdateSet({ username, version_at: occurredAt })
        .where('users.version_at', '<=', occurredAt)
        .where('users.deleted', '=', false),
    )
    .execute();
}

type Limits = EventData<typeof UserUpdated>['limits'];

export async function applyUserUpdated(
  db: Db,
  userId: string,
  username: string,
  limits: Limits,
  occurredAt: Date,
  excludedUntil: string | null = null,
): Promise<void> {
  const c = limits.weeklyBetCount;
  const s = limits.weeklyStakeAmount;
  const row = {
    username,
    bet_count_limit: Math.floor(c.limit),
    bet_count_pending: c.pending ? Math.floor(c.pending.value) : null,
    bet_count_pending_at: c.pending ? new Date(c.pending.effectiveAt) : null,
    stake_limit_cents: Math.round(s.limit * 100),
    stake_pending_cents: s.pending ? Math.round(s.pending.value * 100) : null,
    stake_pending_at: s.pending ? new Date(s.pending.effectiveAt) : null,
    excluded_until: excludedUntil ? new Date(excludedUntil) : null,
    version_at: occurredAt,
  };
  await db
    .insertInto('users')
    .values({ id: userId, ...row })
    .onConflict((oc) =>
      oc
        .column('id')
        .doUpdateSet(row)
        .where('users.version_at', '<=', occurredAt)
        .where('users.deleted', '=', false),
    )
    .execute();
}

/** A closed account: its name leaves the public boards, its bets stay. */
export async function applyUserDeleted(db: Db, userId: string, occurredAt: Date): Promise<void> {
  const row = { username: 'Deleted user', deleted: true, version_at: occurredAt };
  await db
    .insertInto('users')
    .values({ id: userId, bet_count_limit: 0, stake_limit_cents: 0, ...row })
    .onConflict((oc) => oc.column('id').doUpdateSet(row))
    .execute();
}
