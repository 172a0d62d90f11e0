import { Type } from '@bet/kit';
import { promotionsOnOffer } from '../app/promotions';
import { route } from '../context';
import { PromotionJson } from './schemas';

export const promotionsOnOfferRoute = route('GET /api/v1/promotions', (app, ctx) => {
  app.get(
    '/api/v1/promotions',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['promotions'],
        description: 'Promotions on offer: active and not expired, newest first.',
        response: { 200: Type.Object({ promotions: Type.Array(PromotionJson) }) },
      },
    },
    async () => ({ promotions: await promotionsOnOffer(ctx) }),
  );
});
