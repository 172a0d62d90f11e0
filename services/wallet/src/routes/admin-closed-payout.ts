import { centsToDollars, Type } from '@bet/kit';
import { payOutClosedWallet } from '../app/closed-accounts';
import { route } from '../context';
import { ClosedPayoutAnswer } from './answers';
import { clientKey, IdParams } from './edge';

/** What happens to money that reaches a closed wallet: an admin pays it out, audited. */
export const adminClosedPayoutRoute = route('POST /api/v1/admin/wallet/closed/:id/payout', (app, ctx) => {
  app.post(
    '/api/v1/admin/wallet/closed/:id/payout',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        description:
          "Pays out a closed wallet's whole balance through the payout provider (recorded with the admin's id). Optional Idempotency-Key header.",
        params: IdParams,
        body: Type.Object(
          { description: Type.String({ minLength: 1, maxLength: 500 }) },
          { additionalProperties: false },
        ),
        response: { 200: ClosedPayoutAnswer },
      },
    },
    async (req) => {
      const posted = await payOutClosedWallet(ctx, {
        userId: req.params.id,
        adminId: req.user!.id,
        description: req.body.description.trim() || 'Closed wallet paid out',
        clientKey: clientKey(req),
      });
      return {
        msg: 'Closed wallet paid out.',
        amount: centsToDollars(posted.amountCents),
        walletBalance: centsToDollars(posted.balanceAfter ?? 0n),
        transactionId: posted.transactionId,
      };
    },
  );
});
