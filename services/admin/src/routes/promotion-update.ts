import { changePromotion } from '../app/promotions';
import { route } from '../context';
import { invalid } from './promotion-create';
import { IdParams, PromotionBody, PromotionSaved } from './schemas';

export const promotionUpdateRoute = route('PATCH /api/v1/promotions/:id', (app, ctx) => {
  app.patch(
    '/api/v1/promotions/:id',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['promotions'],
        description:
          'Changes the fields sent; title and description stay required; expiresAt null or empty removes the expiry.',
        params: IdParams,
        body: PromotionBody,
        response: { 200: PromotionSaved },
      },
    },
    async (req) => {
      try {
        const promotion = await changePromotion(ctx, req.user!, req.params.id, req.body ?? {});
        return { msg: 'Promotion updated successfully!', ...promotion };
      } catch (err) {
        throw invalid(err);
      }
    },
  );
});
