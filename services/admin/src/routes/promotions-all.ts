import { Type } from '@bet/kit';
import { allPromotions } from '../app/promotions';
import { route } from '../context';
import { PromotionAdminJson } from './schemas';

export const promotionsAllRoute = route('GET /api/v1/promotions/all', (app, ctx) => {
  app.get(
    '/api/v1/promotions/all',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['promotions'],
        description:
          'Every promotion, inactive and expired included, newest first, each with its uptake and cost (issue 33).',
        response: { 200: Type.Object({ promotions: Type.Array(PromotionAdminJson) }) },
      },
    },
    async () => ({ promotions: await allPromotions(ctx) }),
  );
});
