import { currentState } from '../app/views';
import { route } from '../context';
import { StateAnswer } from './schemas';

export const stateRoute = route('GET /api/v1/aviator/state', (app, ctx) => {
  app.get(
    '/api/v1/aviator/state',
    {
      config: { auth: 'public' },
      schema: {
        summary:
          'The round now: { state, multiplier, roundId, publicHash, bettingEndsAt, startedAt, serverTime, bets, history }',
        response: { 200: StateAnswer },
      },
    },
    async () => currentState(ctx),
  );
});
