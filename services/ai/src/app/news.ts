import { Type } from '@sinclair/typebox';
import type { AppContext } from '../context';
import { InvalidInputError } from '../domain/errors';
import { type NewsItem, platformHeadlines, writeTopicSummary } from '../domain/news';
import { latestNews, saveNews } from '../store/news';
import { cached, loadCalendar, now, produce } from './data';

const SummaryAnswer = Type.Object({ summary: Type.String({ minLength: 20, maxLength: 4000 }) });

/** The background job: read every feed, keep what came back. */
export async function refreshNews(ctx: AppContext) {
  if (!ctx.feeds) return { stored: 0, failed: [] };
  const { items, failed } = await ctx.feeds.read();
  if (failed.length) ctx.logger.warn({ failed }, 'some news feeds could not be read');
  await saveNews(ctx.db, items, now(ctx));
  return { stored: items.length, failed };
}

/** Feed headlines when there are any; otherwise headlines written from the platform's own games. */
export async function headlines(ctx: AppContext, limit = 10): Promise<NewsItem[]> {
  const fromFeeds = ctx.feeds ? await latestNews(ctx.db, limit) : [];
  if (fromFeeds.length > 0) return fromFeeds;
  return cached(ctx, `headlines:${Math.floor(ctx.clock.now() / 60_000)}`, async () =>
    platformHeadlines(await loadCalendar(ctx), now(ctx), limit),
  );
}

export async function worldSportsNews(ctx: AppContext) {
  return { news: await headlines(ctx, 10) };
}

export async function newsSummary(ctx: AppContext, topic: string) {
  const t = topic.trim();
  if (!t) throw new InvalidInputError('Please enter a team or player name.');
  const games = await loadCalendar(ctx);
  const news = await headlines(ctx, 30);
  const { value, producedBy } = await produce(
    ctx,
    'news-summary',
    () => ({ summary: writeTopicSummary(t, games, news, now(ctx)) }),
    async (m) => {
      const related = games
        .filter((g) => `${g.homeTeam} ${g.awayTeam}`.toLowerCase().includes(t.toLowerCase()))
        .slice(0, 12)
        .map((g) => ({
          fixture: `${g.homeTeam} vs ${g.awayTeam}`,
          league: g.league,
          date: g.matchDate,
          status: g.status,
          scores: g.scores,
          odds: g.odds,
        }));
      return m.write<{ summary: string }>(
        'Summarise the recent news and performance of the topic in 80-180 words (plain text, **bold** allowed), using only the games and headlines given. If the data has nothing on it, say so. Answer {"summary": string}.',
        { topic: t, games: related, headlines: news.slice(0, 15) },
        SummaryAnswer,
      );
    },
  );
  return { ...value, producedBy };
}
