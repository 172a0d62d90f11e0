import { claimPromotion } from '../app/promotions';
import { route } from '../context';
import { ClaimAnswer, IdParams } from './schemas';

/** Issue 33: a signed-in player opts in to a promotion on offer (one claim per promotion). */
export const promotionClaimRoute = route('POST /api/v1/promotions/:id/claim', (app, ctx) => {
  app.post(
    '/api/v1/promotions/:id/claim',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['promotions'],
        description:
          'Claims a promotion on offer for the signed-in player: 201 { msg, claimId }; 404 not on offer; 409 already claimed; 422 nothing to claim; 403 during a time-out or self-exclusion.',
        params: IdParams,
        response: { 201: ClaimAnswer },
      },
    },
    async (req, reply) => {
      const claimed = await claimPromotion(ctx, req.user!, req.params.id);
      return reply.status(201).send(claimed);
    },
  );
});
