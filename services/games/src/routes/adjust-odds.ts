import { adjustOdds } from '../app/odds';
import { route } from '../context';
import { errorReplies, MsgGameAnswer } from './answers';
import { actorOf, IdParams, OddsBody, parseOdds } from './schemas';

export const adjustOddsRoute = route('PATCH /api/v1/admin/games/:id/adjust-odds', (app, ctx) => {
  app.patch(
    '/api/v1/admin/games/:id/adjust-odds',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        params: IdParams,
        body: OddsBody,
        response: { 200: MsgGameAnswer, ...errorReplies(400, 401, 403, 404, 409) },
      },
    },
    async (req) => {
      const odds = parseOdds(req.body, '');
      return {
        msg: 'Odds updated successfully!',
        game: await adjustOdds(ctx, actorOf(req), req.params.id, odds),
      };
    },
  );
});
