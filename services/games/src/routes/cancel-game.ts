import { cancelGame } from '../app/manage-games';
import { route } from '../context';
import { errorReplies, MsgGameAnswer } from './answers';
import { actorOf, IdParams } from './schemas';

export const cancelGameRoute = route('PATCH /api/v1/games/:id/cancel', (app, ctx) => {
  app.patch(
    '/api/v1/games/:id/cancel',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        params: IdParams,
        response: { 200: MsgGameAnswer, ...errorReplies(400, 401, 403, 404, 409) },
      },
    },
    async (req) => ({
      msg: 'Game cancelled successfully.',
      game: await cancelGame(ctx, actorOf(req), req.params.id),
    }),
  );
});
