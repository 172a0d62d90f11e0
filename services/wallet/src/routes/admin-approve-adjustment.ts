import { centsToDollars, unprocessable } from '@bet/kit';
import { approveAdjustment } from '../app/adjustments';
import { route } from '../context';
import { AccountClosedError, InsufficientFundsError } from '../domain/errors';
import { AdjustmentApprovedAnswer } from './answers';
import { adjustmentRequestJson, IdParams } from './edge';

export const adminApproveAdjustmentRoute = route(
  'POST /api/v1/admin/wallet/adjustments/:id/approve',
  (app, ctx) => {
    app.post(
      '/api/v1/admin/wallet/adjustments/:id/approve',
      {
        config: { auth: 'admin' },
        schema: {
          tags: ['admin'],
          description:
            'Four-eyes: a second admin (not the requester, not the wallet owner) approves; the adjustment posts once.',
          params: IdParams,
          response: { 200: AdjustmentApprovedAnswer },
        },
      },
      async (req) => {
        try {
          const { request, posted } = await approveAdjustment(ctx, {
            requestId: req.params.id,
            adminId: req.user!.id,
          });
          return {
            msg: 'Wallet adjusted successfully!',
            walletBalance: centsToDollars(posted.balanceAfter ?? 0n),
            request: adjustmentRequestJson(request),
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
  },
);
