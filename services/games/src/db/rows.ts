import type { Insertable, Selectable, Updateable } from 'kysely';
import type { GameRecord, GameStatus, Outcome, PriceSource, Provider } from '../domain/game';
import type { SimRecord } from '../domain/live';
import type { GamesTable } from './schema';

export type GameRow = Selectable<GamesTable>;

const json = <T>(v: unknown): T | null =>
  v == null ? null : typeof v === 'string' ? (JSON.parse(v) as T) : (v as T);

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
