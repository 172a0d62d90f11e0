import { adminOverview } from '../app/views';
import { route } from '../context';
import { OverviewAnswer } from './schemas';

export const adminOverviewRoute = route('GET /api/v1/admin/aviator/overview', (app, ctx) => {
  app.get(
    '/api/v1/admin/aviator/overview',
    {
      config: { auth: 'admin' },
      schema: {
        summary: "The round's total staked, paid and house result, its exposure, and recent rounds",
        response: { 200: OverviewAnswer },
      },
    },
    async () => adminOverview(ctx),
  );
});
