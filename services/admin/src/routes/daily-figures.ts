import { dateRange, Type } from '@bet/kit';
import { figuresOverTime } from '../app/stats';
import { route } from '../context';

const MAX_DAYS = 366;

export const dailyFiguresRoute = route('GET /api/v1/admin/stats/daily', (app, ctx) => {
  app.get(
    '/api/v1/admin/stats/daily',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        description:
          'Stakes, payouts, revenue (dollars) and active users (players who staked) per UTC day, for the dashboard charts. Default: the last FIGURES_DEFAULT_DAYS days; at most 366.',
        querystring: Type.Object({
          startDate: Type.Optional(Type.String({ maxLength: 40 })),
          endDate: Type.Optional(Type.String({ maxLength: 40 })),
        }),
        response: {
          200: Type.Object({
            days: Type.Array(
              Type.Object({
                date: Type.String(),
                stakes: Type.Number(),
                payouts: Type.Number(),
                revenue: Type.Number(),
                activeUsers: Type.Integer(),
              }),
            ),
          }),
        },
      },
    },
    async (req) => {
      const { from, to } = dateRange(req.query.startDate, req.query.endDate);
      const end = to ? new Date(to.getTime() - 1) : new Date(ctx.clock.now());
      const start = from ?? new Date(end.getTime() - (ctx.config.FIGURES_DEFAULT_DAYS - 1) * 86_400_000);
      const span = Math.floor((end.getTime() - start.getTime()) / 86_400_000) + 1;
      // a chart of more than a year of days is a mistake in the query, not a wish
      const first = span > MAX_DAYS ? new Date(end.getTime() - (MAX_DAYS - 1) * 86_400_000) : start;
      return figuresOverTime(ctx.db, { from: first, to: end });
    },
  );
});
