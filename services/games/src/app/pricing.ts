import type { MarketMargins } from '../domain/market-pricing';
import { gameMarkets } from '../domain/markets';
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
import type { DB } from '../store/db';
import { lockUpcomingModelGames, saveGame, selectRecentForm } from '../store/games';
import { selectRankingsByKey } from '../store/rankings';
import { type Announcement, oddsChanged } from './announcements';

/** The margins of the markets other than 1X2, from the service's settings. */
export function marketMarginsOf(config: {
  MARKET_MARGIN_TWO_WAY: number;
  MARKET_MARGIN_THREE_WAY: number;
  MARKET_MARGIN_CORRECT_SCORE: number;
  MARKET_MARGIN_HTFT: number;
}): MarketMargins {
  return {
    twoWay: config.MARKET_MARGIN_TWO_WAY,
    threeWay: config.MARKET_MARGIN_THREE_WAY,
    correctScore: config.MARKET_MARGIN_CORRECT_SCORE,
    htft: config.MARKET_MARGIN_HTFT,
  };
}

export const teamKey = (name: string) => name.trim().toLowerCase();

/** How many finished games make a team's recent form. */
export const FORM_GAMES = 5;

/** Strengths of the given teams from their power rankings and last results. */
export async function loadStrengths(db: DB, teams: readonly string[]): Promise<Map<string, number>> {
  const keys = [...new Set(teams.map(teamKey))];
  const out = new Map<string, number>();
  if (keys.length === 0) return out;
  const ranking = new Map((await selectRankingsByKey(db, keys)).map((r) => [r.team_key, r.ranking]));
  const recent = await selectRecentForm(db, keys, FORM_GAMES);
  const form = new Map<string, RecentResult[]>();
  for (const r of recent) {
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
  margins?: MarketMargins,
): Promise<Announcement[]> {
  const keys = [...new Set(teams.map(teamKey))];
  if (keys.length === 0) return [];
  const games = await lockUpcomingModelGames(trx, keys);
  if (games.length === 0) return [];
  const strengths = await loadStrengths(
    trx,
    games.flatMap((g) => [g.homeTeam, g.awayTeam]),
  );
  const events: Announcement[] = [];
  for (const before of games) {
    const { lambdas, prices } = modelFor(strengths, before.homeTeam, before.awayTeam, margin);
    const after = { ...before, lambdas, base: prices, odds: before.adjusted ?? prices };
    if (!(await saveGame(trx, before, after))) continue;
    // the other markets follow the model's rates even when the 1X2 price rounds the same
    const ratesMoved =
      before.adjusted === null &&
      (before.lambdas?.home !== after.lambdas.home || before.lambdas?.away !== after.lambdas.away);
    if (!samePrices(before.odds, after.odds) || ratesMoved) {
      events.push(oddsChanged(after, gameMarkets(after, margins)));
    }
  }
  return events;
}
