import { type App, ID_PATTERN, MoneySchema, Type, unprocessable } from '@bet/kit';
import type { WalletContext } from '../context';
import { AccountClosedError, InsufficientFundsError } from '../db/ledger';
import { positiveDollars } from '../domain/amounts';
import { decisionMessage, readDecision, WITHDRAWAL_STATUSES } from '../domain/withdrawals';
import {
  listWithdrawals,
  processWithdrawal,
  requestWithdrawal,
  withdrawalView,
} from '../operations/withdrawals';
import type { Providers } from '../providers';
import { clientKey, fieldError, withdrawalJson } from './edge';

const IdParams = Type.Object({ id: Type.String({ pattern: ID_PATTERN }) });

export function withdrawalRoutes(app: App, ctx: WalletContext, providers: Providers) {
  app.post(
    '/api/v1/wallet/request-withdrawal',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['wallet'],
        description:
          'Asks for a withdrawal; the amount is held at once until an admin decides. Optional Idempotency-Key header.',
        body: Type.Object({ amount: MoneySchema() }, { additionalProperties: false }),
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
        const view = await withdrawalView(ctx.db, withdrawal.id);
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

  app.get(
    '/api/v1/admin/withdrawals',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        description: 'The withdrawal requests with one status, as a bare array of Withdrawal requests.',
        querystring: Type.Object({
          status: Type.Union(
            WITHDRAWAL_STATUSES.map((s) => Type.Literal(s)),
            { default: 'pending' },
          ),
          limit: Type.Integer({ minimum: 1, maximum: 500, default: 200 }),
        }),
      },
    },
    async (req) => {
      const rows = await listWithdrawals(ctx.db, req.query.status, req.query.limit);
      // a bare array: the spec's screen maps over the answer itself (spec 001 §7.1)
      return rows.map(withdrawalJson);
    },
  );

  app.patch(
    '/api/v1/admin/withdrawals/:id/process',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        description:
          'Approves or rejects a pending withdrawal, once. Accepts {status, adminNotes} or {action, note}.',
        params: IdParams,
        body: Type.Object(
          {
            status: Type.Optional(Type.String({ maxLength: 20 })),
            adminNotes: Type.Optional(Type.String({ maxLength: 500 })),
            action: Type.Optional(Type.String({ maxLength: 20 })),
            note: Type.Optional(Type.String({ maxLength: 500 })),
          },
          { additionalProperties: false },
        ),
      },
    },
    async (req) => {
      const decision = readDecision(req.body);
      if (!decision.ok) throw fieldError(decision.path, decision.msg);
      const processed = await processWithdrawal(ctx, providers.payout, {
        id: req.params.id,
        decision: decision.decision,
        notes: decision.notes,
        adminId: req.user!.id,
      });
      const view = await withdrawalView(ctx.db, processed.id);
      return { msg: decisionMessage(decision.decision), withdrawal: withdrawalJson(view) };
    },
  );
}
