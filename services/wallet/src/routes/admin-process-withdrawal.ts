import { fieldError, Type } from '@bet/kit';
import { processWithdrawal, withdrawalDetails } from '../app/withdrawals';
import { route } from '../context';
import { SECOND_APPROVAL_NEEDED } from '../domain/four-eyes';
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
            'Approves or rejects a pending withdrawal, once. Accepts {status, adminNotes} or {action, note}. Four-eyes: above WITHDRAWAL_APPROVAL_THRESHOLD or when admin credits pay for it, a first approval answers 202 and the withdrawal waits for a second admin; 409 while the player owes a clawback; 403 for the admin who credited the money.',
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
          response: { 200: WithdrawalMessageAnswer, 202: WithdrawalMessageAnswer },
        },
      },
      async (req, reply) => {
        const decision = readDecision(req.body);
        if (!decision.ok) throw fieldError(decision.path, decision.msg);
        const processed = await processWithdrawal(ctx, ctx.providers.payout, {
          id: req.params.id,
          decision: decision.decision,
          notes: decision.notes,
          adminId: req.user!.id,
        });
        const view = await withdrawalDetails(ctx, processed.id);
        if (processed.status === 'pending')
          return reply.status(202).send({ msg: SECOND_APPROVAL_NEEDED, withdrawal: withdrawalJson(view) });
        return { msg: decisionMessage(decision.decision), withdrawal: withdrawalJson(view) };
      },
    );
  },
);
