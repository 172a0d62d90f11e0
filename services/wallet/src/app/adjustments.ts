import { conflict, forbidden, newId, notFound, retryOnConflict } from '@bet/kit';
import { moneyKeys } from '@bet/proto-events';
import type { AppContext } from '../context';
import { adjustmentPostings } from '../domain/postings';
import {
  type AdjustmentRequestRow,
  adjustmentRequestRow,
  adjustmentRequestRows,
  insertAdjustmentRequest,
  markRequestApproved,
} from '../store/adjustments';
import { type Posted, postTransaction } from '../store/ledger';
import { usernames } from '../store/users';

export const OWN_WALLET = 'You cannot adjust your own wallet.';
export const OWN_REQUEST = 'A second admin must approve this adjustment; you requested it.';

/** Four-eyes applies above the threshold, in either direction. */
export function needsSecondAdmin(amountCents: bigint, thresholdDollars: number): boolean {
  const abs = amountCents < 0n ? -amountCents : amountCents;
  return abs > BigInt(Math.round(thresholdDollars * 100));
}

/**
 * An admin's signed correction of a wallet, against the house, recorded with the admin's id
 * (actor_id, and `admin:<id>` as reference, which the audit log reads) and reason. It cannot
 * take a balance below zero: the CHECK refuses it. Nobody adjusts their own wallet.
 */
export async function adjustWallet(
  ctx: AppContext,
  input: {
    userId: string;
    amountCents: bigint;
    description: string;
    adminId: string;
    clientKey?: string;
    /** set when this posts an approved four-eyes request */
    request?: { id: string; requestedBy: string };
  },
): Promise<Posted> {
  if (input.userId === input.adminId) throw forbidden(OWN_WALLET);
  const key = input.request
    ? `adjustment-request:${input.request.id}`
    : input.clientKey
      ? `adjustment:${input.adminId}:${input.clientKey}`
      : moneyKeys.adjustment(newId());
  return retryOnConflict(() =>
    ctx.tx(async (trx) => {
      const posted = await postTransaction(
        trx,
        {
          key,
          type: 'adjustment',
          userId: input.userId,
          reference: `admin:${input.adminId}`,
          description: input.description,
          requested: input.amountCents,
          actorId: input.adminId,
          metadata: input.request
            ? { adminId: input.adminId, requestedBy: input.request.requestedBy, approvedBy: input.adminId }
            : { adminId: input.adminId },
        },
        () => adjustmentPostings(input.userId, input.amountCents),
      );
      if (input.request) {
        await markRequestApproved(trx, input.request.id, input.adminId, posted.transactionId);
      }
      return posted;
    }),
  );
}

export interface AdjustmentRequest {
  id: string;
  userId: string;
  amountCents: bigint;
  description: string;
  requestedBy: string;
  status: 'pending' | 'approved';
  approvedBy: string | null;
  transactionId: string | null;
  createdAt: string;
}

/** An adjustment above the threshold: recorded, not posted, until a second admin approves. */
export async function requestAdjustment(
  ctx: AppContext,
  input: { userId: string; amountCents: bigint; description: string; adminId: string },
): Promise<AdjustmentRequest> {
  if (input.userId === input.adminId) throw forbidden(OWN_WALLET);
  const id = newId();
  await insertAdjustmentRequest(ctx.db, {
    id,
    userId: input.userId,
    amountCents: input.amountCents,
    description: input.description,
    requestedBy: input.adminId,
  });
  return (await findRequest(ctx, id))!;
}

async function findRequest(ctx: AppContext, id: string): Promise<AdjustmentRequest | undefined> {
  const r = await adjustmentRequestRow(ctx.db, id);
  return r && toRequest(r);
}

function toRequest(r: Omit<AdjustmentRequestRow, 'created_at'> & { created_at: unknown }): AdjustmentRequest {
  return {
    id: r.id,
    userId: r.user_id,
    amountCents: BigInt(r.amount_cents),
    description: r.description,
    requestedBy: r.requested_by,
    status: r.status,
    approvedBy: r.approved_by,
    transactionId: r.transaction_id,
    createdAt: new Date(r.created_at as string).toISOString(),
  };
}

export async function listAdjustmentRequests(ctx: AppContext, status: 'pending' | 'approved') {
  const rows = await adjustmentRequestRows(ctx.db, status);
  // names for the approval screen, from the users read model (an unknown id stays an id)
  const ids = [
    ...new Set(rows.flatMap((r) => [r.user_id, r.requested_by, r.approved_by].filter(Boolean))),
  ] as string[];
  const names = new Map(
    ids.length === 0 ? [] : (await usernames(ctx.db, ids)).map((u) => [u.id, u.username] as const),
  );
  return rows.map((r) => ({
    ...toRequest(r),
    username: names.get(r.user_id) ?? null,
    requestedByUsername: names.get(r.requested_by) ?? null,
    approvedByUsername: r.approved_by ? (names.get(r.approved_by) ?? null) : null,
  }));
}

/**
 * The second admin's approval posts the adjustment, once (its idempotency key is the
 * request's id), with the approver as actor and both admins in the metadata.
 */
export async function approveAdjustment(
  ctx: AppContext,
  input: { requestId: string; adminId: string },
): Promise<{ request: AdjustmentRequest; posted: Posted }> {
  const request = await findRequest(ctx, input.requestId);
  if (!request) throw notFound('Adjustment request not found');
  if (request.requestedBy === input.adminId) throw forbidden(OWN_REQUEST);
  if (request.status !== 'pending')
    throw conflict('This adjustment was already approved.', 'already_processed');
  const posted = await adjustWallet(ctx, {
    userId: request.userId,
    amountCents: request.amountCents,
    description: request.description,
    adminId: input.adminId,
    request: { id: request.id, requestedBy: request.requestedBy },
  });
  return { request: (await findRequest(ctx, request.id))!, posted };
}
