import { limits } from '../app/views';
import { route } from '../context';
import { LimitsAnswer } from './schemas';

export const limitsRoute = route('GET /api/v1/aviator/limits', (app, ctx) => {
  app.get(
    '/api/v1/aviator/limits',
    {
      config: { auth: 'public' },
      schema: {
        summary: 'The minimum and maximum stake and the maximum win of one bet',
        response: { 200: LimitsAnswer },
      },
    },
    async () => limits(ctx),
  );
});
