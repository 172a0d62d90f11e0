import type { OutboxTables } from '@bet/kit';
import type { Kysely, Selectable } from 'kysely';
import type { AiDB, GamesTable } from '../db/schema';
import type { GameFacts } from '../domain/types';

type DB = Kysely<AiDB & OutboxTables>;

const oddsToHundredths = (x: number) => Math.round(x * 100);
const hundredthsToOdds = (h: number) => h / 100;

/** A Game as the catalogue publishes it (decimal odds). */
export interface PublishedGame {
  _id: string;
  homeTeam: string;
  awayTeam: string;
  homeTeamLogo: string | null;
  awayTeamLogo: string | null;
  league: string | null;
  matchDate: string;
  status: GameFacts['status'];
  scores: { home: number; away: number };
  elapsedTime: number | null;
  odds: { home: number; draw: number; away: number };
  result: GameFacts['result'];
}

export function toFacts(r: Selectable<GamesTable>): GameFacts {
  return {
    id: r.id,
    homeTeam: r.home_team,
    awayTeam: r.away_team,
    homeTeamLogo: r.home_logo,
    awayTeamLogo: r.away_logo,
    league: r.league,
    matchDate: new Date(r.match_date),
    status: r.status,
    scores: { home: r.scores_home, away: r.scores_away },
    elapsedTime: r.elapsed,
    odds: {
      home: hundredthsToOdds(r.odds_home),
      draw: hundredthsToOdds(r.odds_draw),
      away: hundredthsToOdds(r.odds_away),
    },
    result: r.result,
    oddsVersion: r.odds_version,
  };
}

/** An event that arrived before the game it is about: redelivered until games.created is in. */
export class GameNotYetKnown extends Error {
  override name = 'GameNotYetKnown';
}

/**
 * Upserts a whole game (created/updated events, games.get replies). Each subject has its own
 * delivery order, so a snapshot older than the one stored is ignored, and its price only
 * counts if it is newer than the last price event; a price change bumps the odds version.
 */
export async function upsertGame(db: DB, g: PublishedGame, at: Date) {
  const odds = {
    h: oddsToHundredths(g.odds.home),
    d: oddsToHundredths(g.odds.draw),
    a: oddsToHundredths(g.odds.away),
  };
  const newerPrice = (eb: any) => eb('games.odds_at', '<=', at);
  await db
    .insertInto('games')
    .values({
      id: g._id,
      home_team: g.homeTeam,
      away_team: g.awayTeam,
      home_logo: g.homeTeamLogo,
      away_logo: g.awayTeamLogo,
      league: g.league,
      match_date: g.matchDate,
      status: g.status,
      scores_home: g.scores.home,
      scores_away: g.scores.away,
      elapsed: g.elapsedTime,
      odds_home: odds.h,
      odds_draw: odds.d,
      odds_away: odds.a,
      odds_version: 1,
      odds_at: at,
      result: g.result,
      updated_at: at,
    })
    .onConflict((oc) =>
      oc
        .column('id')
        .doUpdateSet((eb) => ({
          home_team: g.homeTeam,
          away_team: g.awayTeam,
          home_logo: g.homeTeamLogo,
          away_logo: g.awayTeamLogo,
          league: g.league,
          match_date: g.matchDate,
          // status only moves forward: a late event never un-finishes a game
          status: eb
            .case()
            .when('games.status', 'in', ['finished', 'cancelled'])
            .then(eb.ref('games.status'))
            .else(g.status)
            .end(),
          scores_home: eb
            .case()
            .when('games.status', '=', 'finished')
            .then(eb.ref('games.scores_home'))
            .else(g.scores.home)
            .end(),
          scores_away: eb
            .case()
            .when('games.status', '=', 'finished')
            .then(eb.ref('games.scores_away'))
            .else(g.scores.away)
            .end(),
          elapsed: g.elapsedTime,
          odds_home: eb.case().when(newerPrice(eb)).then(odds.h).else(eb.ref('games.odds_home')).end(),
          odds_draw: eb.case().when(newerPrice(eb)).then(odds.d).else(eb.ref('games.odds_draw')).end(),
          odds_away: eb.case().when(newerPrice(eb)).then(odds.a).else(eb.ref('games.odds_away')).end(),
          odds_version: eb
            .case()
            .when(
              eb.and([
                newerPrice(eb),
                eb.or([
                  eb('games.odds_home', '!=', odds.h),
                  eb('games.odds_draw', '!=', odds.d),
                  eb('games.odds_away', '!=', odds.a),
                ]),
              ]),
            )
            .then(eb('games.odds_version', '+', 1))
            .else(eb.ref('games.odds_version'))
            .end(),
          odds_at: eb.case().when(newerPrice(eb)).then(at).else(eb.ref('games.odds_at')).end(),
          result: eb.fn.coalesce(eb.ref('games.result'), eb.val(g.result)),
          updated_at: at,
        }))
        .where('games.updated_at', '<=', at),
    )
    .execute();
}

async function exists(db: DB, gameId: string) {
  return !!(await db.selectFrom('games').select('id').where('id', '=', gameId).executeTakeFirst());
}

export async function setOdds(
  db: DB,
  gameId: string,
  odds: { home: number; draw: number; away: number },
  at: Date,
) {
  const r = await db
    .updateTable('games')
    .set((eb) => ({
      odds_home: oddsToHundredths(odds.home),
      odds_draw: oddsToHundredths(odds.draw),
      odds_away: oddsToHundredths(odds.away),
      odds_version: eb('odds_version', '+', 1),
      odds_at: at,
    }))
    .where('id', '=', gameId)
    .where('odds_at', '<=', at)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0 && !(await exists(db, gameId))) throw new GameNotYetKnown(gameId);
}

export async function settleGame(
  db: DB,
  gameId: string,
  result: 'A' | 'Draw' | 'B',
  scores: { home: number; away: number },
) {
  const r = await db
    .updateTable('games')
    .set({ status: 'finished', result, scores_home: scores.home, scores_away: scores.away })
    .where('id', '=', gameId)
    .where('status', '!=', 'cancelled')
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0 && !(await exists(db, gameId))) throw new GameNotYetKnown(gameId);
}

export async function cancelGame(db: DB, gameId: string) {
  const r = await db
    .updateTable('games')
    .set({ status: 'cancelled' })
    .where('id', '=', gameId)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) throw new GameNotYetKnown(gameId);
}

export async function getGames(db: DB, ids: readonly string[]): Promise<GameFacts[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('games')
    .selectAll()
    .where('id', 'in', [...ids])
    .execute();
  return rows.map(toFacts);
}

/**
 * The calendar the analyst works on: everything from `since` on (results for form and
 * head-to-head, today's and future fixtures). Bounded so a long-running platform stays fast.
 */
export async function calendar(db: DB, since: Date, limit = 5000): Promise<GameFacts[]> {
  const rows = await db
    .selectFrom('games')
    .selectAll()
    .where((eb) => eb.or([eb('match_date', '>=', since), eb('status', '=', 'live')]))
    .orderBy('match_date', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toFacts);
}

/** A game in the catalogue's public shape (what the game cards render). */
export function toPublished(g: GameFacts): PublishedGame {
  return {
    _id: g.id,
    homeTeam: g.homeTeam,
    awayTeam: g.awayTeam,
    homeTeamLogo: g.homeTeamLogo ?? null,
    awayTeamLogo: g.awayTeamLogo ?? null,
    league: g.league,
    matchDate: g.matchDate.toISOString(),
    status: g.status,
    scores: g.scores,
    elapsedTime: g.elapsedTime,
    odds: g.odds,
    result: g.result,
  };
}
