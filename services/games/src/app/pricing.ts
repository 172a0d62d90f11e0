import { GamesOddsChanged } from '@bet/proto-events';
import { sql } from 'kysely';
import type { DB } from '../context';
import { changedColumns, rowToGame } from '../db/rows';
import { toDecimalOdds } from '../domain/game';
import {
  DEFAULT_RANKING,
  expectedGoals,
  type Lambdas,
  type Prices,
  preMatchPrices,
  type RecentResult,
  samePrices,
  teamStrength,
} from '../domain/odds';
import { event, type PendingEvent } from './events';

export const teamKey = (name: string) => name.trim().toLowerCase();

/** How many finished games make a team's recent form. */
export const FORM_GAMES = 5;

/** Strengths of the given teams from their power rankings and last results. */
export async function loadStrengths(db: DB, teams: readonly string[]): Promise<Map<string, number>> {
  const keys = [...new Set(teams.map(teamKey))];
  const out = new Map<string, number>();
  if (keys.length === 0) return out;
  const rankings = await db
    .selectFrom('rankings')
    .select(['team_key', 'ranking'])
    .where('team_key', 'in', keys)
    .execute();
  const ranking = new Map(rankings.map((r) => [r.team_key, r.ranking]));
  const recent = await sql<{ team: string; gf: number; ga: number }>`
    select team, gf, ga from (
      select team, gf, ga, row_number() over (partition by team order by match_date desc) as n from (
        select lower(home_team) as team, home_score as gf, away_score as ga, match_date
          from games where status = 'finished' and result is not null and lower(home_team) in (${sql.join(keys)})
        union all
        select lower(away_team) as team, away_score as gf, home_score as ga, match_date
          from games where status = 'finished' and result is not null and lower(away_team) in (${sql.join(keys)})
      ) played
    ) ranked where n <= ${FORM_GAMES}`.execute(db);
  const form = new Map<string, RecentResult[]>();
  for (const r of recent.rows) {
    const list = form.get(r.team) ?? [];
    list.push({ goalsFor: Number(r.gf), goalsAgainst: Number(r.ga) });
    form.set(r.team, list);
  }
  for (const k of keys) out.set(k, teamStrength(ranking.get(k) ?? DEFAULT_RANKING, form.get(k) ?? []));
  return out;
}

export function modelFor(
  strengths: Map<string, number>,
  home: string,
  away: string,
  margin: number,
): { lambdas: Lambdas; prices: Prices } {
  const fallback = teamStrength(DEFAULT_RANKING);
  const lambdas = expectedGoals(
    strengths.get(teamKey(home)) ?? fallback,
    strengths.get(teamKey(away)) ?? fallback,
  );
  return { lambdas, prices: preMatchPrices(lambdas, margin) };
}

/**
 * Re-prices the upcoming, model-priced games of these teams (a ranking changed, or a
 * result changed their form). An admin adjustment keeps its price; only the model's
 * price underneath moves. Returns the events to record.
 */
export async function repriceTeams(
  trx: DB,
  teams: readonly string[],
  margin: number,
): Promise<PendingEvent[]> {
  const keys = [...new Set(teams.map(teamKey))];
  if (keys.length === 0) return [];
  const rows = await trx
    .selectFrom('games')
    .selectAll()
    .where('status', '=', 'upcoming')
    .where('price_source', '=', 'model')
    .where((eb) => eb.or([eb(sql`lower(home_team)`, 'in', keys), eb(sql`lower(away_team)`, 'in', keys)]))
    .orderBy('id')
    .forUpdate()
    .execute();
  if (rows.length === 0) return [];
  const games = rows.map(rowToGame);
  const strengths = await loadStrengths(
    trx,
    games.flatMap((g) => [g.homeTeam, g.awayTeam]),
  );
  const events: PendingEvent[] = [];
  for (const before of games) {
    const { lambdas, prices } = modelFor(strengths, before.homeTeam, before.awayTeam, margin);
    const after = { ...before, lambdas, base: prices, odds: before.adjusted ?? prices };
    const cols = changedColumns(before, after);
    if (Object.keys(cols).length === 0) continue;
    await trx
      .updateTable('games')
      .set({ ...cols, updated_at: new Date() })
      .where('id', '=', before.id)
      .execute();
    if (!samePrices(before.odds, after.odds)) {
      events.push(
        event(GamesOddsChanged, { gameId: before.id, odds: toDecimalOdds(after.odds), live: false }),
      );
    }
  }
  return events;
}
