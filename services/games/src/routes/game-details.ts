import { Type } from '@bet/kit';
import { gameDetails } from '../app/games';
import { route } from '../context';
import { errorReplies, IdParams, StringEnum } from './schemas';

const EventReply = Type.Object({
  type: StringEnum(['Goal', 'Card', 'subst'] as const),
  time: Type.Object({ elapsed: Type.Integer(), extra: Type.Union([Type.Integer(), Type.Null()]) }),
  player: Type.Object({ name: Type.String() }),
  team: Type.Object({ name: Type.String() }),
  detail: Type.String(),
});
const DetailsReply = Type.Object({
  scores: Type.Object({ home: Type.Integer(), away: Type.Integer() }),
  events: Type.Array(EventReply),
});

export const gameDetailsRoute = route('GET /api/v1/games/:id/details', (app, ctx) => {
  app.get(
    '/api/v1/games/:id/details',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['games'],
        params: IdParams,
        response: { 200: DetailsReply, ...errorReplies(400, 404) },
      },
    },
    async (req) => gameDetails(ctx.db, req.params.id),
  );
});
