import { badRequest } from '@bet/kit';
import { createPromotion } from '../app/promotions';
import { route } from '../context';
import { PromotionInvalid } from '../domain/promotions';
import { PromotionBody, PromotionSaved } from './schemas';

export const promotionCreateRoute = route('POST /api/v1/promotions', (app, ctx) => {
  app.post(
    '/api/v1/promotions',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['promotions'],
        description:
          'Creates a promotion. title and description required; promoType defaults to Bonus, isActive to true; expiresAt optional (empty: none).',
        body: PromotionBody,
        response: { 201: PromotionSaved },
      },
    },
    async (req, reply) => {
      try {
        const promotion = await createPromotion(ctx, req.user!, req.body ?? {});
        return reply.status(201).send({ msg: 'Promotion created successfully!', ...promotion });
      } catch (err) {
        throw invalid(err);
      }
    },
  );
});

/** A refused promotion as a 400 naming its fields. */
export function invalid(err: unknown) {
  if (err instanceof PromotionInvalid)
    return badRequest(
      err.message,
      err.problems.map((p) => ({ ...p, location: 'body' as const })),
    );
  return err;
}
