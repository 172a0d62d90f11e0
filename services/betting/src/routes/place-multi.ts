import { MoneySchema, Type } from '@bet/kit';
import { route } from '../context';
import { PlacedAnswer } from './answers';
import {
  balanceField,
  checkOutcomes,
  FreeBetIdSchema,
  OddsChangeSchema,
  PLACED,
  SelectionsSchema,
} from './schemas';

export const placeMultiRoute = route('POST /api/v1/bets/multi', (app, ctx) => {
  app.post(
    '/api/v1/bets/multi',
    {
      config: { auth: 'user' },
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
      const { bets, balanceCents } = await ctx.placement.place({
        userId: user.id,
        username: user.username,
        betType: 'multi',
        stake: body.stake,
        selections: body.selections,
        oddsChange: body.oddsChange,
        freeBetId: body.freeBetId,
      });
      // additive: the balance after the stake, so the page needs no second read
      return reply.status(201).send({ msg: PLACED, bets, ...balanceField(balanceCents) });
    },
  );
});
