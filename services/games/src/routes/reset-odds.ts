import { resetOdds } from '../app/odds';
import { route } from '../context';
import { errorReplies, MsgGameAnswer } from './answers';
import { actorOf, IdParams } from './schemas';

export const resetOddsRoute = route('DELETE /api/v1/admin/games/:id/adjust-odds', (app, ctx) => {
  app.delete(
    '/api/v1/admin/games/:id/adjust-odds',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        params: IdParams,
        response: { 200: MsgGameAnswer, ...errorReplies(400, 401, 403, 404, 409) },
      },
    },
    async (req) => ({
      msg: 'Odds reset to the model price.',
      game: await resetOdds(ctx, actorOf(req), req.params.id),
    }),
  );
});
