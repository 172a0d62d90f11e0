import {
  badRequest,
  centsToDollars,
  dollarsToCents,
  fieldError,
  forbidden,
  MoneySchema,
  moneyText,
  Type,
  unprocessable,
} from '@bet/kit';
import { specTxType } from '@bet/proto-events';
import { adjustOrRequest, OWN_WALLET } from '../app/adjustments';
import { route } from '../context';
import { nonZeroDollars } from '../domain/amounts';
import { AccountClosedError, InsufficientFundsError } from '../domain/errors';
import { AdjustedAnswer, AdjustmentWaitingAnswer } from './answers';
import { adjustmentRequestJson, clientKey, IdParams } from './edge';

const REQUIRED = 'Amount and description are required.';

export const adminAdjustWalletRoute = route('PATCH /api/v1/admin/users/:id/wallet', (app, ctx) => {
  app.patch(
    '/api/v1/admin/users/:id/wallet',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        description:
          "Adjusts a user's wallet by a signed amount (audited with the admin's id). Optional Idempotency-Key header.",
        params: IdParams,
        body: Type.Object(
          {
            amount: Type.Optional(
              MoneySchema({ signed: true, description: 'signed dollars, non-zero, at most two decimals' }),
            ),
            description: Type.Optional(Type.String({ maxLength: 500 })),
          },
          { additionalProperties: false },
        ),
        response: { 200: AdjustedAnswer, 202: AdjustmentWaitingAnswer },
      },
    },
    async (req, reply) => {
      const { amount, description } = req.body;
      const missing = [
        ...(amount === undefined
          ? [{ path: 'amount', location: 'body' as const, msg: 'amount is required' }]
          : []),
        ...(!description?.trim()
          ? [{ path: 'description', location: 'body' as const, msg: 'description is required' }]
          : []),
      ];
      if (missing.length > 0) throw badRequest(REQUIRED, missing);
      const cents = nonZeroDollars(amount);
      if (!cents.ok) throw fieldError('amount', cents.msg);
      if (req.params.id === req.user!.id) throw forbidden(OWN_WALLET);
      try {
        const outcome = await adjustOrRequest(ctx, {
          userId: req.params.id,
          amountCents: cents.cents,
          description: description!.trim(),
          adminId: req.user!.id,
          clientKey: clientKey(req),
        });
        if ('request' in outcome)
          return reply.status(202).send({
            msg: `Adjustments above ${moneyText(dollarsToCents(ctx.config.ADJUSTMENT_APPROVAL_THRESHOLD))} a day (per admin and wallet) need a second admin's approval; the request is waiting.`,
            request: adjustmentRequestJson(outcome.request),
          });
        const { posted } = outcome;
        return {
          msg: 'Wallet adjusted successfully!',
          walletBalance: centsToDollars(posted.balanceAfter ?? 0n),
          transaction: {
            _id: posted.transactionId,
            createdAt: new Date(posted.createdAt).toISOString(),
            type: specTxType('adjustment', posted.userAmount ?? 0n),
            kind: 'adjustment',
            adjustment: true,
            amount: centsToDollars(posted.userAmount ?? 0n),
            balanceAfter: centsToDollars(posted.balanceAfter ?? 0n),
            description: description!.trim(),
          },
        };
      } catch (err) {
        if (err instanceof InsufficientFundsError)
          throw unprocessable('The adjustment would take the balance below zero.', 'insufficient_funds');
        if (err instanceof AccountClosedError)
          throw unprocessable('This wallet is closed.', 'account_closed');
        throw err;
      }
    },
  );
});
