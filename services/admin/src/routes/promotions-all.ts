import { Type } from '@bet/kit';
import { allPromotions } from '../app/promotions';
import { route } from '../context';
import { PromotionJson } from './schemas';

export const promotionsAllRoute = route('GET /api/v1/promotions/all', (app, ctx) => {
  app.get(
    '/api/v1/promotions/all',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['promotions'],
        description: 'Every promotion, inactive and expired included, newest first.',
        response: { 200: Type.Object({ promotions: Type.Array(PromotionJson) }) },
      },
    },
    async () => ({ promotions: await allPromotions(ctx) }),
  );
});
