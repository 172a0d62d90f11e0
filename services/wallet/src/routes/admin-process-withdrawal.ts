import { fieldError, Type } from '@bet/kit';
import { processWithdrawal, withdrawalDetails } from '../app/withdrawals';
import { route } from '../context';
import { decisionMessage, readDecision } from '../domain/withdrawals';
import { WithdrawalMessageAnswer } from './answers';
import { IdParams, withdrawalJson } from './edge';

export const adminProcessWithdrawalRoute = route(
  'PATCH /api/v1/admin/withdrawals/:id/process',
  (app, ctx) => {
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
          response: { 200: WithdrawalMessageAnswer },
        },
      },
      async (req) => {
        const decision = readDecision(req.body);
        if (!decision.ok) throw fieldError(decision.path, decision.msg);
        const processed = await processWithdrawal(ctx, ctx.providers.payout, {
          id: req.params.id,
          decision: decision.decision,
          notes: decision.notes,
          adminId: req.user!.id,
        });
        const view = await withdrawalDetails(ctx, processed.id);
        return { msg: decisionMessage(decision.decision), withdrawal: withdrawalJson(view) };
      },
    );
  },
);
