import { fairness } from '../app/views';
import { route } from '../context';
import { FairnessAnswer } from './schemas';

export const fairnessRoute = route('GET /api/v1/aviator/fairness', (app, ctx) => {
  app.get(
    '/api/v1/aviator/fairness',
    {
      config: { auth: 'public' },
      schema: {
        summary: 'The published terminating hash, the salt and the formula of the crash points',
        response: { 200: FairnessAnswer },
      },
    },
    async () => fairness(ctx),
  );
});
