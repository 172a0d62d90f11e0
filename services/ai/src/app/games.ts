import { Type } from '@sinclair/typebox';
import type { AppContext } from '../context';
import { insight, writeAnalysis } from '../domain/analysis';
import { InvalidInputError } from '../domain/errors';
import { searchGames } from '../domain/search';
import { campaignPosts, socialPost } from '../domain/social';
import { addDays, startOfLocalDay } from '../domain/time';
import type { GameFacts } from '../domain/types';
import { toPublished } from '../store/games';
import { cached, findGame, loadCalendar, now, offsetMinutes, produce } from './data';

const AnalysisAnswer = Type.Object({ analysis: Type.String({ minLength: 20, maxLength: 6000 }) });
const PostAnswer = Type.Object({ post: Type.String({ minLength: 10, maxLength: 1000 }) });
const CampaignAnswer = Type.Object({
  campaign: Type.Array(Type.String({ minLength: 10, maxLength: 1000 }), { minItems: 1, maxItems: 10 }),
});

/** Analysis of one game, cached per game, odds version, status and score. */
export async function analyzeGame(ctx: AppContext, gameId: string) {
  const game = await findGame(ctx, gameId);
  const key = `analysis:${game.id}:${game.oddsVersion}:${game.status}:${game.scores.home}-${game.scores.away}:${game.elapsedTime ?? ''}`;
  return cached(ctx, key, async () => {
    const facts = insight(game, await loadCalendar(ctx));
    const { value, producedBy } = await produce(
      ctx,
      'analyze-game',
      () => ({ analysis: writeAnalysis(facts) }),
      (m) =>
        m.write<{ analysis: string }>(
          'Write a betting analysis of this game for a player (150-250 words, plain text, **bold** allowed): the market and its margin, the ratings model vs the market, form, head-to-head, live state if live, and a cautious verdict. Answer {"analysis": string}.',
          facts,
          AnalysisAnswer,
        ),
    );
    return { ...value, producedBy };
  });
}

/** Natural-language search over the calendar (no model: it must be fast, exact and cheap). */
export async function gameSearch(ctx: AppContext, query: string) {
  const q = query.trim();
  if (!q) throw new InvalidInputError('Please enter a search query.');
  const games = await loadCalendar(ctx);
  const { games: found } = searchGames(q, games, { now: now(ctx), offsetMinutes: offsetMinutes(ctx) });
  return { games: found.map(toPublished) };
}

/**
 * Quick tips: open games in the next two days whose prices look best against the ratings
 * model (else the clearest favourites), each a game with its odds.
 */
export async function recommendations(ctx: AppContext) {
  const t = now(ctx);
  const games = await loadCalendar(ctx);
  const horizon = addDays(t, 2);
  const open = games.filter((g) => g.status === 'upcoming' && g.matchDate > t && g.matchDate < horizon);
  const ranked = open
    .map((g) => {
      const i = insight(g, games);
      const best = [...i.edges].sort((a, b) => b.value - a.value)[0];
      return { g, score: best ? best.value : (i.lean?.probability ?? 0) - 1 };
    })
    .sort((a, b) => b.score - a.score)
    .slice(0, 5)
    .map((x) => x.g);
  return { games: ranked.map(toPublished) };
}

export async function generateSocialPost(ctx: AppContext, gameId: string) {
  const game = await findGame(ctx, gameId);
  const facts = insight(game, await loadCalendar(ctx));
  const { value, producedBy } = await produce(
    ctx,
    'social-post',
    () => ({ post: socialPost(facts) }),
    (m) =>
      m.write<{ post: string }>(
        'Write one short social-media post (under 280 characters) promoting this game with its real odds, a couple of hashtags and "18+". Answer {"post": string}.',
        facts,
        PostAnswer,
      ),
  );
  return { ...value, producedBy };
}

/** A campaign for one league on one day (dateRange: a date, or {from,to} / "from..to" for several days). */
export async function socialCampaign(ctx: AppContext, league: string, range: { from: Date; to: Date }) {
  const games = await loadCalendar(ctx);
  const wanted = league.trim().toLowerCase();
  const canonical =
    [...new Set(games.map((g) => g.league).filter((l): l is string => !!l))].find(
      (l) => l.toLowerCase() === wanted,
    ) ?? league.trim();
  const day = games
    .filter((g) => (g.league ?? '').toLowerCase() === canonical.toLowerCase() && g.status !== 'cancelled')
    .filter((g) => g.matchDate >= range.from && g.matchDate < range.to)
    .sort((a, b) => a.matchDate.getTime() - b.matchDate.getTime());
  const insights = new Map(day.slice(0, 6).map((g) => [g.id, insight(g, games)]));
  const { value, producedBy } = await produce(
    ctx,
    'social-campaign',
    // range.from is the start of the platform's local day, an hour or so before it in UTC:
    // the posts name the local date
    () => ({
      campaign: campaignPosts(
        canonical,
        new Date(range.from.getTime() + offsetMinutes(ctx) * 60_000),
        day,
        insights,
      ),
    }),
    (m) =>
      m.write<{ campaign: string[] }>(
        `Write a social-media campaign for the ${canonical} fixtures in the data: a teaser, one post per game (real odds), and a closing post; each under 280 characters, with "18+". Answer {"campaign": string[]}.`,
        {
          league: canonical,
          from: range.from.toISOString(),
          to: range.to.toISOString(),
          games: [...insights.values()],
        },
        CampaignAnswer,
      ),
  );
  return { campaign: value.campaign, producedBy };
}

/** "2026-11-21", "2026-11-21..2026-11-23", {from, to} or [from, to] → local-day bounds. */
export function parseDateRange(ctx: AppContext, input: unknown): { from: Date; to: Date } | null {
  const off = offsetMinutes(ctx);
  const day = (s: unknown) => {
    if (typeof s !== 'string' || !s.trim()) return null;
    const t = s.trim();
    const d = /^\d{4}-\d{2}-\d{2}$/.test(t) ? new Date(`${t}T12:00:00Z`) : new Date(t);
    return Number.isNaN(d.getTime()) ? null : startOfLocalDay(d, off);
  };
  let a: Date | null = null;
  let b: Date | null = null;
  if (typeof input === 'string') {
    const [x, y] = input.split(/\.\.|\s+to\s+|\//);
    a = day(x);
    b = y !== undefined ? day(y) : a;
  } else if (Array.isArray(input)) {
    a = day(input[0]);
    b = day(input[1] ?? input[0]);
  } else if (input && typeof input === 'object') {
    const o = input as Record<string, unknown>;
    a = day(o.from ?? o.start ?? o.startDate);
    b = day(o.to ?? o.end ?? o.endDate ?? o.from ?? o.start ?? o.startDate);
  }
  if (!a || !b || b < a || b.getTime() - a.getTime() > 31 * 86_400_000) return null;
  return { from: a, to: addDays(b, 1) };
}

export type { GameFacts };
