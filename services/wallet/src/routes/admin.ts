import {
  type App,
  badRequest,
  centsToDollars,
  forbidden,
  ID_PATTERN,
  MoneySchema,
  recordReconciliation,
  Type,
  unprocessable,
} from '@bet/kit';
import type { WalletContext } from '../context';
import { AccountClosedError, InsufficientFundsError, walletBalance } from '../db/ledger';
import { nonZeroDollars } from '../domain/amounts';
import { FILTER_GROUPS, specTxType, totalPages, typesForFilter } from '../domain/transactions';
import {
  type AdjustmentRequest,
  adjustWallet,
  approveAdjustment,
  listAdjustmentRequests,
  needsSecondAdmin,
  OWN_WALLET,
  requestAdjustment,
} from '../operations/adjustments';
import { reconcile } from '../operations/reconcile';
import { statement } from '../operations/statements';
import { clientKey, dateRange, fieldError, transactionJson } from './edge';

const IdParams = Type.Object({ id: Type.String({ pattern: ID_PATTERN }) });
const REQUIRED = 'Amount and description are required.';

export function adminRoutes(app: App, ctx: WalletContext) {
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
      if (needsSecondAdmin(cents.cents, ctx.config.ADJUSTMENT_APPROVAL_THRESHOLD)) {
        const request = await requestAdjustment(ctx, {
          userId: req.params.id,
          amountCents: cents.cents,
          description: description!.trim(),
          adminId: req.user!.id,
        });
        return reply.status(202).send({
          msg: `Adjustments above $${ctx.config.ADJUSTMENT_APPROVAL_THRESHOLD.toFixed(2)} need a second admin's approval; the request is waiting.`,
          request: adjustmentRequestJson(request),
        });
      }
      try {
        const posted = await adjustWallet(ctx, {
          userId: req.params.id,
          amountCents: cents.cents,
          description: description!.trim(),
          adminId: req.user!.id,
          clientKey: clientKey(req),
        });
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

  app.get(
    '/api/v1/admin/users/:id/transactions',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        description:
          "A user's transactions for the admin user-details page. txType: bet, win, topup, withdrawal (or any ledger type).",
        params: IdParams,
        querystring: Type.Object({
          txType: Type.Optional(
            Type.Union(
              [
                '',
                'all',
                ...Object.keys(FILTER_GROUPS),
                'refund',
                'cashout',
                'withdrawal_reversal',
                'adjustment',
                'aviator_bet',
                'aviator_win',
              ].map((t) => Type.Literal(t)),
            ),
          ),
          startDate: Type.Optional(Type.String({ maxLength: 40 })),
          endDate: Type.Optional(Type.String({ maxLength: 40 })),
          sortBy: Type.Union([Type.Literal('createdAt')], { default: 'createdAt' }),
          order: Type.Union([Type.Literal('asc'), Type.Literal('desc')], { default: 'desc' }),
          page: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
          limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
        }),
      },
    },
    async (req) => {
      const q = req.query;
      const { from, to } = dateRange(q.startDate, q.endDate);
      const [{ lines, count }, balance] = await Promise.all([
        statement(ctx.db, {
          userId: req.params.id,
          types: typesForFilter(q.txType),
          from,
          to,
          order: q.order,
          page: q.page,
          limit: q.limit,
        }),
        walletBalance(ctx.db, req.params.id),
      ]);
      return {
        transactions: lines.map(transactionJson),
        currentPage: q.page,
        totalPages: totalPages(count, q.limit),
        walletBalance: centsToDollars(balance),
      };
    },
  );

  app.get(
    '/api/v1/admin/wallet/adjustments',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        description: 'Four-eyes: adjustment requests waiting for (or given) a second approval.',
        querystring: Type.Object({
          status: Type.Union([Type.Literal('pending'), Type.Literal('approved')], { default: 'pending' }),
        }),
      },
    },
    async (req) => ({
      requests: (await listAdjustmentRequests(ctx, req.query.status)).map((r) => ({
        ...adjustmentRequestJson(r),
        username: r.username,
        requestedByUsername: r.requestedByUsername,
        approvedByUsername: r.approvedByUsername,
      })),
    }),
  );

  app.post(
    '/api/v1/admin/wallet/adjustments/:id/approve',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        description:
          'Four-eyes: a second admin (not the requester, not the wallet owner) approves; the adjustment posts once.',
        params: IdParams,
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

  // GET reads like a report, POST like "run it": both run the same read-only check
  app.route({
    method: ['GET', 'POST'],
    url: '/api/v1/admin/wallet/reconcile',
    config: { auth: 'admin' },
    schema: {
      tags: ['admin'],
      description: "Proves the ledger's invariants on the live database (read-only).",
    },
    // the outcome also goes to /metrics, where the reconciliation-drift alert watches it
    handler: async () => recordReconciliation('wallet', await reconcile(ctx.db)),
  });
}

function adjustmentRequestJson(r: AdjustmentRequest) {
  return {
    _id: r.id,
    userId: r.userId,
    amount: centsToDollars(r.amountCents),
    description: r.description,
    requestedBy: r.requestedBy,
    status: r.status,
    approvedBy: r.approvedBy,
    transactionId: r.transactionId,
    createdAt: r.createdAt,
  };
}
