import { Type } from '@bet/kit';
import { route } from '../context';
import { errorReplies, SyncAnswer } from './answers';
import { actorOf, StringEnum } from './schemas';

const SyncBody = Type.Object(
  { source: StringEnum(['apifootball', 'allsportsapi'] as const) },
  { additionalProperties: false },
);

export const syncGamesRoute = route('POST /api/v1/admin/games/sync', (app, ctx) => {
  app.post(
    '/api/v1/admin/games/sync',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        body: SyncBody,
        response: { 200: SyncAnswer, ...errorReplies(400, 401, 403, 502, 503) },
      },
    },
    async (req) => ({ msg: await ctx.sync.runOnDemand(req.body.source, actorOf(req)) }),
  );
});
