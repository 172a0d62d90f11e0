import { idempotentRoute, Type } from '@bet/kit';
import { placeBet, placedAnswerOf } from '../app/placement';
import { route } from '../context';
import { PlacedAnswer } from './schemas';

export const PLACED = 'Bet placed!';

export const placeBetRoute = route('POST /api/v1/aviator/place-bet', (app, ctx) => {
  // a retry under the same Idempotency-Key answers as the first attempt (api-conventions)
  const idempotency = idempotentRoute(ctx.db, {
    route: 'POST /api/v1/aviator/place-bet',
    ttlMs: ctx.config.IDEMPOTENCY_TTL_HOURS * 3_600_000,
    // the first attempt's two round trips (limits, then wallet), and a margin
    waitMs: 2 * ctx.config.AVIATOR_WALLET_TIMEOUT_MS + 2_000,
    derive: async (betId) => ({ status: 201, body: { msg: PLACED, ...(await placedAnswerOf(ctx, betId)) } }),
  });
  app.post(
    '/api/v1/aviator/place-bet',
    {
      config: { auth: 'user' },
      onSend: idempotency.onSend,
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
      const body = req.body;
      const user = req.user!;
      return idempotency.handle(req, reply, user.id, async (idempotencyKey) => {
        const bet = await placeBet(ctx, {
          userId: user.id,
          username: user.username,
          stake: body.stake,
          autoCashOut: body.autoCashOut,
          panel: body.panel,
          idempotency: idempotencyKey,
        });
        return { status: 201, body: { msg: PLACED, ...bet } };
      });
    },
  );
});
