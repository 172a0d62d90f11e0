import { Type } from '@bet/kit';
import { route } from '../context';
import { MAX_SELECTIONS } from '../domain/placement';

/**
 * The slip's limits, so the web can warn before the player presses Place (the placement checks
 * them again, with these same settings).
 */
export const rulesRoute = route('GET /api/v1/bets/rules', (app, ctx) => {
  app.get(
    '/api/v1/bets/rules',
    {
      config: { auth: 'public' },
      schema: {
        summary: 'Stake and payout limits of one bet, in dollars',
        response: {
          200: Type.Object({
            minStake: Type.Number(),
            maxStake: Type.Number(),
            maxPayout: Type.Number(),
            maxSelections: Type.Integer(),
          }),
        },
      },
    },
    async () => ({
      minStake: 0.01,
      maxStake: ctx.config.MAX_STAKE,
      maxPayout: ctx.config.MAX_PAYOUT,
      maxSelections: MAX_SELECTIONS,
    }),
  );
});
