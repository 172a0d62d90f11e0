import { badRequest, centsToDollars, ID_PATTERN, Type } from '@bet/kit';
import { specTxType } from '@bet/proto-events';
import type { FastifyRequest } from 'fastify';
import type { AdjustmentRequest } from '../app/adjustments';
import type { StatementLine } from '../app/statements';
import type { WithdrawalView } from '../app/withdrawals';

/**
 * A statement line as the spec's Transaction: `type` is one of its four words (the group its
 * filter finds the line in), `kind` the ledger type, `adjustment` marks an admin's adjustment.
 */
export function transactionJson(line: StatementLine) {
  return {
    _id: line.id,
    createdAt: line.createdAt.toISOString(),
    type: specTxType(line.type, line.amount),
    kind: line.type,
    adjustment: line.type === 'adjustment',
    amount: centsToDollars(line.amount),
    balanceAfter: centsToDollars(line.balanceAfter),
    description: line.description,
    // additive: only on a withdrawal request's line
    ...(line.withdrawalStatus ? { withdrawalStatus: line.withdrawalStatus } : {}),
  };
}

export function withdrawalJson(w: WithdrawalView) {
  return {
    _id: w.id,
    user: {
      _id: w.user_id,
      username: w.username,
      email: w.email,
      walletBalance: centsToDollars(w.balance ?? 0),
      /** owed from a corrected result: the request waits until it is repaid */
      debt: centsToDollars(w.debt ?? 0),
    },
    debtOpen: BigInt(w.debt ?? 0) > 0n,
    amount: centsToDollars(w.amount),
    createdAt: new Date(w.created_at).toISOString(),
    status: w.status,
    adminNotes: w.admin_notes,
    processedAt: w.processed_at ? new Date(w.processed_at).toISOString() : null,
    firstApprovedBy: w.first_approved_by,
  };
}

/** An optional client idempotency key (double-submitted forms become one request). */
export function clientKey(req: FastifyRequest): string | undefined {
  const v = req.headers['idempotency-key'];
  const key = Array.isArray(v) ? v[0] : v;
  if (key === undefined) return undefined;
  if (!/^[A-Za-z0-9_.:-]{1,100}$/.test(key))
    throw badRequest('Idempotency-Key must be 1 to 100 letters, digits or _.:-', [
      { path: 'idempotency-key', location: 'headers', msg: 'Idempotency-Key has an invalid format' },
    ]);
  return key;
}

export function adjustmentRequestJson(r: AdjustmentRequest) {
  return {
    _id: r.id,
    userId: r.userId,
    amount: centsToDollars(r.amountCents),
    description: r.description,
    kind: r.kind,
    requestedBy: r.requestedBy,
    status: r.status,
    approvedBy: r.approvedBy,
    transactionId: r.transactionId,
    createdAt: r.createdAt,
  };
}

export const IdParams = Type.Object({ id: Type.String({ pattern: ID_PATTERN }) });
