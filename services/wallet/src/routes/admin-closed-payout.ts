import { centsToDollars, dollarsToCents, moneyText, Type } from '@bet/kit';
import { findRequest } from '../app/adjustments';
import { payOutClosedWallet } from '../app/closed-accounts';
import { route } from '../context';
import { AdjustmentWaitingAnswer, ClosedPayoutAnswer } from './answers';
import { adjustmentRequestJson, clientKey, IdParams } from './edge';

/** What happens to money that reaches a closed wallet: an admin pays it out, audited. */
export const adminClosedPayoutRoute = route('POST /api/v1/admin/wallet/closed/:id/payout', (app, ctx) => {
  app.post(
    '/api/v1/admin/wallet/closed/:id/payout',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        description:
          "Pays out a closed wallet's whole balance through the payout provider (recorded with the admin's id). Optional Idempotency-Key header. Four-eyes like adjustments: above the daily threshold per admin and wallet, 202 and a request a second admin approves.",
        params: IdParams,
        body: Type.Object(
          { description: Type.String({ minLength: 1, maxLength: 500 }) },
          { additionalProperties: false },
        ),
        response: { 200: ClosedPayoutAnswer, 202: AdjustmentWaitingAnswer },
      },
    },
    async (req, reply) => {
      const posted = await payOutClosedWallet(ctx, {
        userId: req.params.id,
        adminId: req.user!.id,
        description: req.body.description.trim() || 'Closed wallet paid out',
        clientKey: clientKey(req),
      });
      if ('requestId' in posted) {
        const request = (await findRequest(ctx, posted.requestId))!;
        return reply.status(202).send({
          msg: `Payouts above ${moneyText(dollarsToCents(ctx.config.ADJUSTMENT_APPROVAL_THRESHOLD))} a day need a second admin's approval; the request is waiting.`,
          request: adjustmentRequestJson(request),
        });
      }
      return {
        msg: 'Closed wallet paid out.',
        amount: centsToDollars(posted.amountCents),
        walletBalance: centsToDollars(posted.balanceAfter ?? 0n),
        transactionId: posted.transactionId,
      };
    },
  );
});
