import { pageOf, parseDateTime, Type } from '@bet/kit';
import { countGames, listGames, liveWindow } from '../app/games';
import { route } from '../context';
import type { GameStatus } from '../domain/game';
import { errorReplies, GamesAnswer } from './answers';
import { parseAll, STATUSES, StringEnum } from './schemas';

const ListQuery = Type.Object({
  status: Type.Optional(StringEnum(STATUSES)),
  limit: Type.Integer({ minimum: 1, maximum: 500, default: 100 }),
  order: Type.Optional(StringEnum(['asc', 'desc'] as const)),
  league: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  team: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  from: Type.Optional(Type.String({ maxLength: 40 })),
  to: Type.Optional(Type.String({ maxLength: 40 })),
  /** beyond the spec, for our admin screen: a substring of a team or the league, and a page */
  search: Type.Optional(Type.String({ maxLength: 100 })),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
});

export const listGamesRoute = route('GET /api/v1/games', (app, ctx) => {
  app.get(
    '/api/v1/games',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['games'],
        querystring: ListQuery,
        response: { 200: GamesAnswer, ...errorReplies(400) },
      },
    },
    async (req) => {
      const q = req.query;
      const [from, to] = parseAll(
        () => (q.from ? parseDateTime(q.from, 'from', 'query', 'start') : undefined),
        () => (q.to ? parseDateTime(q.to, 'to', 'query', 'end') : undefined),
      );
      const query = {
        ...q,
        status: q.status as GameStatus | undefined,
        order: q.order as 'asc' | 'desc' | undefined,
        from,
        to,
      };
      const games = await listGames(ctx.db, query, liveWindow(ctx));
      // asked for a page: say how many there are (the spec's client never asks)
      if (q.page === undefined) return { games };
      return pageOf('games', games, { page: q.page, limit: q.limit, total: await countGames(ctx.db, query) });
    },
  );
});
