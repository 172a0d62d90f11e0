import { Type } from '@bet/kit';
import { myBets } from '../app/views';
import { route } from '../context';
import { MyBetsAnswer } from './schemas';

export const myBetsRoute = route('GET /api/v1/aviator/my-bets', (app, ctx) => {
  app.get(
    '/api/v1/aviator/my-bets',
    {
      config: { auth: 'user' },
      schema: {
        summary: "The caller's Aviator bets, newest first",
        querystring: Type.Object({
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 30 })),
        }),
        response: { 200: MyBetsAnswer },
      },
    },
    async (req) => myBets(ctx, req.user!.id, req.query.limit ?? 30),
  );
});
