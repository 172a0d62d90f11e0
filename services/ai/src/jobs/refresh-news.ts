import { refreshNews } from '../app/news';
import { job } from '../context';

/** Headlines are read in the background so a page never waits on a feed. */
export const refreshNewsJob = job({
  name: 'refresh-news',
  everyMs: (ctx) => ctx.config.NEWS_REFRESH_MINUTES * 60_000,
  immediately: true,
  enabled: (ctx) => ctx.feeds !== null,
  run: (ctx) => refreshNews(ctx),
});
