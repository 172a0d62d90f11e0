import { type App, Type } from '@bet/kit';
import { assignBookingCode, bookingCodeOf, resolveBookingCode } from '../app/booking-codes';
import { createShare, readShare } from '../app/share';
import type { Ctx } from '../app/types';
import type { BetType, SelectionInput } from '../domain/placement';
import { BOOKING_CODE_LENGTH } from '../domain/share-code';
import { BetTypeSchema, SelectionsSchema } from './schemas';

export function registerShareRoutes(app: App, ctx: Ctx) {
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
      },
    },
    async (req, reply) => {
      const body = req.body as { betType?: BetType; selections?: SelectionInput[] };
      const betType = body.betType ?? ((body.selections?.length ?? 0) > 1 ? 'multi' : 'single');
      const share = await createShare(ctx, betType, body.selections, req.user?.id ?? null);
      const bookingCode = await assignBookingCode(ctx, share.shareId);
      return reply.status(201).send({ msg: 'Share link created', ...share, bookingCode });
    },
  );

  app.get(
    '/api/v1/bets/share/:id',
    {
      config: { auth: 'public' },
      schema: {
        summary: 'A shared slip with current games and odds, by share id or booking code',
        // a share id (10-32 base62) or a booking code (8 characters, any case)
        params: Type.Object({ id: Type.String({ pattern: '^[0-9A-Za-z]{6,32}$' }) }),
      },
    },
    async (req) => {
      const id = req.params.id;
      const shareId = id.length === BOOKING_CODE_LENGTH ? await resolveBookingCode(ctx, id) : id;
      const [slip, bookingCode] = await Promise.all([readShare(ctx, shareId), bookingCodeOf(ctx, shareId)]);
      return { ...slip, bookingCode };
    },
  );
}
