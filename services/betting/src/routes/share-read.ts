import { Type } from '@bet/kit';
import { bookingCodeOf, resolveBookingCode } from '../app/booking-codes';
import { readShare } from '../app/share';
import { route } from '../context';
import { BOOKING_CODE_LENGTH } from '../domain/share-code';
import { SharedSlipAnswer } from './answers';

export const shareReadRoute = route('GET /api/v1/bets/share/:id', (app, ctx) => {
  app.get(
    '/api/v1/bets/share/:id',
    {
      config: { auth: 'public' },
      schema: {
        summary: 'A shared slip with current games and odds, by share id or booking code',
        // a share id (10-32 base62) or a booking code (8 characters, any case)
        params: Type.Object({ id: Type.String({ pattern: '^[0-9A-Za-z]{6,32}$' }) }),
        response: { 200: SharedSlipAnswer },
      },
    },
    async (req) => {
      const id = req.params.id;
      const shareId = id.length === BOOKING_CODE_LENGTH ? await resolveBookingCode(ctx, id) : id;
      const [slip, bookingCode] = await Promise.all([readShare(ctx, shareId), bookingCodeOf(ctx, shareId)]);
      return { ...slip, bookingCode };
    },
  );
});
