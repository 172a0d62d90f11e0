import { Type } from '@bet/kit';
import { top } from '../app/views';
import { route } from '../context';
import { TopAnswer } from './schemas';

export const topRoute = route('GET /api/v1/aviator/top', (app, ctx) => {
  app.get(
    '/api/v1/aviator/top',
    {
      config: { auth: 'public' },
      schema: {
        summary: 'Top wins (largest payouts) or top multipliers of the day, month or year (UTC)',
        querystring: Type.Object({
          kind: Type.Optional(
            Type.Union([Type.Literal('wins'), Type.Literal('multipliers')], { default: 'wins' }),
          ),
          period: Type.Optional(
            Type.Union([Type.Literal('day'), Type.Literal('month'), Type.Literal('year')], {
              default: 'day',
            }),
          ),
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 20 })),
        }),
        response: { 200: TopAnswer },
      },
    },
    async (req) => {
      const q = req.query;
      return top(ctx, q.kind ?? 'wins', q.period ?? 'day', q.limit ?? 20);
    },
  );
});
