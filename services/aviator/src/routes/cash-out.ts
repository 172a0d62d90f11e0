import { Type } from '@bet/kit';
import { cashOut } from '../app/cashout';
import { route } from '../context';
import { CashedOutAnswer } from './schemas';

export const cashOutRoute = route('POST /api/v1/aviator/cash-out', (app, ctx) => {
  app.post(
    '/api/v1/aviator/cash-out',
    {
      config: { auth: 'user' },
      schema: {
        summary:
          'Cash out now (server time): { multiplier, payout }; panel absent: every active bet of the caller',
        body: Type.Optional(
          Type.Object(
            { panel: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2)])) },
            { additionalProperties: false },
          ),
        ),
        response: { 200: CashedOutAnswer },
      },
    },
    async (req) => {
      // a bodiless POST arrives as {} (the kit's server, issue 30 item 12)
      return cashOut(ctx, req.user!.id, req.body?.panel);
    },
  );
});
