import { fieldError, MoneySchema, Type, unprocessable } from '@bet/kit';
import { requestWithdrawal, withdrawalDetails } from '../app/withdrawals';
import { route } from '../context';
import { positiveDollars } from '../domain/amounts';
import { AccountClosedError, InsufficientFundsError } from '../domain/errors';
import { WithdrawalMessageAnswer } from './answers';
import { clientKey, withdrawalJson } from './edge';

export const requestWithdrawalRoute = route('POST /api/v1/wallet/request-withdrawal', (app, ctx) => {
  app.post(
    '/api/v1/wallet/request-withdrawal',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['wallet'],
        description:
          'Asks for a withdrawal; the amount is held at once until an admin decides. Optional Idempotency-Key header.',
        body: Type.Object({ amount: MoneySchema() }, { additionalProperties: false }),
        response: { 201: WithdrawalMessageAnswer },
      },
    },
    async (req, reply) => {
      const amount = positiveDollars(req.body.amount);
      if (!amount.ok) throw fieldError('amount', amount.msg);
      const key = clientKey(req);
      try {
        const { withdrawal } = await requestWithdrawal(ctx, {
          userId: req.user!.id,
          amountCents: amount.cents,
          clientKey: key,
        });
        const view = await withdrawalDetails(ctx, withdrawal.id);
        return reply
          .status(201)
          .send({ msg: 'Withdrawal request submitted successfully!', withdrawal: withdrawalJson(view) });
      } catch (err) {
        if (err instanceof InsufficientFundsError)
          throw unprocessable('Insufficient balance for this withdrawal.', 'insufficient_funds');
        if (err instanceof AccountClosedError)
          throw unprocessable('This wallet is closed.', 'account_closed');
        throw err;
      }
    },
  );
});
