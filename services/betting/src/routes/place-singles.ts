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

export const placeSinglesRoute = route('POST /api/v1/bets/singles', (app, ctx) => {
  app.post(
    '/api/v1/bets/singles',
    {
      config: { auth: 'user' },
      schema: {
        summary: 'Place one single bet per selection, each at stakePerBet (all accepted or none)',
        body: Type.Object(
          {
            stakePerBet: Type.Optional(MoneySchema()),
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
        betType: 'single',
        stake: body.stakePerBet,
        selections: body.selections,
        oddsChange: body.oddsChange,
        freeBetId: body.freeBetId,
      });
      // additive: the balance after the stake, so the page needs no second read
      return reply.status(201).send({ msg: PLACED, bets, ...balanceField(balanceCents) });
    },
  );
});
