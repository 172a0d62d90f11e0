import { Type } from '@bet/kit';
import { assignBookingCode } from '../app/booking-codes';
import { createShare } from '../app/share';
import { route } from '../context';
import { ShareCreatedAnswer } from './answers';
import { BetTypeSchema, checkOutcomes, SelectionsSchema } from './schemas';

export const shareCreateRoute = route('POST /api/v1/bets/share', (app, ctx) => {
  app.post(
    '/api/v1/bets/share',
    {
      // visitors can build a slip, so they can share one; the gateway rate-limits writes
      config: { auth: 'optional' },
      schema: {
        summary: 'Store a slip and get a link and a booking code: { shareUrl, shareId, bookingCode }',
        body: Type.Object(
          { selections: Type.Optional(SelectionsSchema), betType: Type.Optional(BetTypeSchema) },
          { additionalProperties: false },
        ),
        response: { 201: ShareCreatedAnswer },
      },
    },
    async (req, reply) => {
      const body = req.body;
      checkOutcomes(body.selections);
      const betType = body.betType ?? ((body.selections?.length ?? 0) > 1 ? 'multi' : 'single');
      const share = await createShare(ctx, betType, body.selections, req.user?.id ?? null);
      const bookingCode = await assignBookingCode(ctx, share.shareId);
      return reply.status(201).send({ msg: 'Share link created', ...share, bookingCode });
    },
  );
});
