import { Type } from '@bet/kit';
import { manyGamesMarkets } from '../app/games';
import { route } from '../context';
import { errorReplies, MarketsAnswer } from './answers';

/** at most this many games in one read: a board page shows fewer */
export const MAX_GAMES_PER_READ = 100;

const MarketsQuery = Type.Object(
  {
    ids: Type.String({
      pattern: `^[0-9a-f]{24}(,[0-9a-f]{24}){0,${MAX_GAMES_PER_READ - 1}}$`,
      description: `comma-separated game ids (at most ${MAX_GAMES_PER_READ})`,
    }),
    keys: Type.Optional(
      Type.String({
        pattern: '^[a-z0-9_.+-]+(,[a-z0-9_.+-]+)*$',
        maxLength: 500,
        description: 'comma-separated market keys to answer (all markets when left out)',
      }),
    ),
  },
  { additionalProperties: false },
);

export const manyGamesMarketsRoute = route('GET /api/v1/games/markets', (app, ctx) => {
  app.get(
    '/api/v1/games/markets',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['games'],
        summary: "Several games' markets in one read (the board's columns)",
        querystring: MarketsQuery,
        response: {
          200: Type.Object(
            { games: Type.Array(MarketsAnswer) },
            { description: 'The games found, each with its markets (cut to `keys` when given)' },
          ),
          ...errorReplies(400),
        },
      },
    },
    async (req) => manyGamesMarkets(ctx, req.query.ids.split(','), req.query.keys?.split(',')),
  );
});
