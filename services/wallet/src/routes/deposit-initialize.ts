import { fieldError, MoneySchema, Type } from '@bet/kit';
import { initializeDeposit } from '../app/deposits';
import { route } from '../context';
import { depositNaira } from '../domain/amounts';
import { DepositInitializedAnswer } from './answers';

export const depositInitializeRoute = route('POST /api/v1/wallet/deposit/initialize', (app, ctx) => {
  app.post(
    '/api/v1/wallet/deposit/initialize',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['wallet'],
        description: 'Starts a card deposit in NGN (minimum 100); answers the checkout link.',
        body: Type.Object(
          {
            amount: MoneySchema({ description: 'naira: a number or a decimal string, at most two decimals' }),
          },
          { additionalProperties: false },
        ),
        response: { 200: DepositInitializedAnswer },
      },
    },
    async (req) => {
      const amount = depositNaira(req.body.amount);
      if (!amount.ok) throw fieldError('amount', amount.msg);
      const deposit = await initializeDeposit(ctx, ctx.providers.payment, {
        userId: req.user!.id,
        username: req.user!.username,
        amountKobo: amount.cents,
      });
      return { paymentLink: deposit.paymentLink, reference: deposit.reference };
    },
  );
});
