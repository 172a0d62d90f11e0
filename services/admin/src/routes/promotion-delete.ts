import { removePromotion } from '../app/promotions';
import { route } from '../context';
import { Done, IdParams } from './schemas';

export const promotionDeleteRoute = route('DELETE /api/v1/promotions/:id', (app, ctx) => {
  app.delete(
    '/api/v1/promotions/:id',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['promotions'],
        description: 'Deletes a promotion.',
        params: IdParams,
        response: { 200: Done },
      },
    },
    async (req) => {
      await removePromotion(ctx, req.user!, req.params.id);
      return { msg: 'Promotion deleted successfully!' };
    },
  );
});
