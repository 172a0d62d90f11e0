import { Type } from '@bet/kit';
import { placeBet } from '../app/placement';
import { route } from '../context';
import { PlacedAnswer } from './schemas';

export const PLACED = 'Bet placed!';

export const placeBetRoute = route('POST /api/v1/aviator/place-bet', (app, ctx) => {
  app.post(
    '/api/v1/aviator/place-bet',
    {
      config: { auth: 'user' },
      schema: {
        summary: 'Bet on the round open for betting: { stake, autoCashOut?, panel? } (at most two per round)',
        // read by the domain rules, which say exactly what is wrong with a value
        body: Type.Object(
          {
            stake: Type.Optional(Type.Unknown({ description: 'dollars, > 0, at most two decimals' })),
            autoCashOut: Type.Optional(Type.Unknown({ description: 'multiplier ≥ 1.01, or null' })),
            panel: Type.Optional(Type.Unknown({ description: '1 or 2; absent: the first free panel' })),
          },
          { additionalProperties: false },
        ),
        response: { 201: PlacedAnswer },
      },
    },
    async (req, reply) => {
      const body = (req.body ?? {}) as { stake?: unknown; autoCashOut?: unknown; panel?: unknown };
      const user = req.user!;
      const bet = await placeBet(ctx, {
        userId: user.id,
        username: user.username,
        stake: body.stake,
        autoCashOut: body.autoCashOut,
        panel: body.panel,
      });
      return reply.status(201).send({ msg: PLACED, ...bet });
    },
  );
});
