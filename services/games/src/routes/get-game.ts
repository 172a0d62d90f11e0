import { findGame, liveWindow } from '../app/games';
import { route } from '../context';
import { toApiGame } from '../domain/game';
import { errorReplies, GameAnswer } from './answers';
import { IdParams } from './schemas';

export const getGameRoute = route('GET /api/v1/games/:id', (app, ctx) => {
  app.get(
    '/api/v1/games/:id',
    {
      config: { auth: 'public' },
      schema: { tags: ['games'], params: IdParams, response: { 200: GameAnswer, ...errorReplies(400, 404) } },
    },
    async (req) => toApiGame(await findGame(ctx.db, req.params.id), liveWindow(ctx)),
  );
});
