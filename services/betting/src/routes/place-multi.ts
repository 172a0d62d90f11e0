import { MoneySchema, Type } from '@bet/kit';
import { route } from '../context';
import { PlacedAnswer } from './answers';
import { placementIdempotency } from './idempotency';
import {
  balanceField,
  checkOutcomes,
  FreeBetIdSchema,
  OddsChangeSchema,
  PLACED,
  SelectionsSchema,
} from './schemas';

export const placeMultiRoute = route('POST /api/v1/bets/multi', (app, ctx) => {
  const idempotency = placementIdempotency(ctx, 'POST /api/v1/bets/multi');
  app.post(
    '/api/v1/bets/multi',
    {
      config: { auth: 'user' },
      onSend: idempotency.onSend,
      schema: {
        summary: 'Place one multi bet (accumulator) over 2..10 selections',
        body: Type.Object(
          {
            stake: Type.Optional(MoneySchema()),
            selections: Type.Optional(SelectionsSchema),
            oddsChange: OddsChangeSchema,
            freeBetId: FreeBetIdSchema,
          },
          { additionalProperties: false },
        ),
        response: { 201: PlacedAnswer },
      },
    },
    async (req, reply) => {
      const user = req.user!;
      const body = req.body;
      checkOutcomes(body.selections);
      return idempotency.handle(req, reply, user.id, async (idempotencyKey) => {
        const { bets, balanceCents } = await ctx.placement.place({
          userId: user.id,
          username: user.username,
          betType: 'multi',
          stake: body.stake,
          selections: body.selections,
          oddsChange: body.oddsChange,
          freeBetId: body.freeBetId,
          idempotency: idempotencyKey,
        });
        // additive: the balance after the stake, so the page needs no second read
        return { status: 201, body: { msg: PLACED, bets, ...balanceField(balanceCents) } };
      });
    },
  );
});
