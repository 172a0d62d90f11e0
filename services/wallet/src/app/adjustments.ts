import { newId, retryOnConflict } from '@bet/kit';
import { moneyKeys } from '@bet/proto-events';
import type { AppContext } from '../context';
import { AdjustmentNotFoundError, AlreadyProcessedError, OwnMoneyError } from '../domain/errors';
import { needsSecondAdmin } from '../domain/four-eyes';
import { adjustmentPostings } from '../domain/postings';
import {
  type AdjustmentRequestRow,
  adjustmentRequestRow,
  adjustmentRequestRows,
  insertAdjustmentRequest,
  markRequestApproved,
} from '../store/adjustments';
import type { Trx } from '../store/db';
import { adminMovedTodayCents, keyTaken, lockAdminTarget } from '../store/four-eyes';
import { type Posted, postTransaction } from '../store/ledger';
import { usernames } from '../store/users';
import { postClosedPayout } from './closed-accounts';

export const OWN_WALLET = 'You cannot adjust your own wallet.';
export const OWN_REQUEST = 'A second admin must approve this adjustment; you requested it.';

/**
 * An admin's signed correction of a wallet, against the house, recorded with the admin's id
 * (actor_id, and `admin:<id>` as reference, which the audit log reads) and reason. It cannot
 * take a balance below zero: the CHECK refuses it. Nobody adjusts their own wallet.
 *
 * Four-eyes: when it would take what this admin moved on this wallet today above
 * ADJUSTMENT_APPROVAL_THRESHOLD, it is recorded as a request instead, for a second admin.
 * A replay of an adjustment already posted (same Idempotency-Key) answers the original.
 */
export async function adjustOrRequest(
  ctx: AppContext,
  input: { userId: string; amountCents: bigint; description: string; adminId: string; clientKey?: string },
): Promise<{ posted: Posted } | { request: AdjustmentRequest }> {
  if (input.userId === input.adminId) throw new OwnMoneyError(OWN_WALLET);
  const key = input.clientKey
    ? `adjustment:${input.adminId}:${input.clientKey}`
    : moneyKeys.adjustment(newId());
  const out = await retryOnConflict(() =>
    ctx.tx(async (trx): Promise<{ requestId: string } | { posted: Posted }> => {
      await lockAdminTarget(trx, input.adminId, input.userId);
      if (!(await keyTaken(trx, key))) {
        const moved = await adminMovedTodayCents(trx, input.adminId, input.userId);
        if (needsSecondAdmin(moved, input.amountCents, ctx.config.ADJUSTMENT_APPROVAL_THRESHOLD)) {
          const id = newId();
          await insertAdjustmentRequest(trx, {
            id,
            kind: 'adjustment',
            userId: input.userId,
            amountCents: input.amountCents,
            description: input.description,
            requestedBy: input.adminId,
          });
          return { requestId: id };
        }
      }
      return { posted: await postAdjustment(trx, { ...input, key }) };
    }),
  );
  if ('requestId' in out) return { request: (await findRequest(ctx, out.requestId))! };
  return out;
}

async function postAdjustment(
  trx: Trx,
  input: {
    key: string;
    userId: string;
    amountCents: bigint;
    description: string;
    adminId: string;
    /** set when this posts an approved four-eyes request */
    request?: { id: string; requestedBy: string };
  },
): Promise<Posted> {
  const posted = await postTransaction(
    trx,
    {
      key: input.key,
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
  if (input.request) await markRequestApproved(trx, input.request.id, input.adminId, posted.transactionId);
  return posted;
}

export interface AdjustmentRequest {
  id: string;
  userId: string;
  amountCents: bigint;
  description: string;
  kind: 'adjustment' | 'closed_payout';
  requestedBy: string;
  status: 'pending' | 'approved';
  approvedBy: string | null;
  transactionId: string | null;
  createdAt: string;
}

export async function findRequest(ctx: AppContext, id: string): Promise<AdjustmentRequest | undefined> {
  const r = await adjustmentRequestRow(ctx.db, id);
  return r && toRequest(r);
}

function toRequest(r: Omit<AdjustmentRequestRow, 'created_at'> & { created_at: unknown }): AdjustmentRequest {
  return {
    id: r.id,
    userId: r.user_id,
    amountCents: BigInt(r.amount_cents),
    description: r.description,
    kind: r.kind,
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
 * The second admin's approval posts the adjustment (or pays the closed wallet out), once: its
 * idempotency key is the request's id; the approver is the actor and both admins are in the
 * metadata.
 */
export async function approveAdjustment(
  ctx: AppContext,
  input: { requestId: string; adminId: string },
): Promise<{ request: AdjustmentRequest; posted: Posted }> {
  const request = await findRequest(ctx, input.requestId);
  if (!request) throw new AdjustmentNotFoundError();
  if (request.requestedBy === input.adminId) throw new OwnMoneyError(OWN_REQUEST);
  if (request.userId === input.adminId) throw new OwnMoneyError(OWN_WALLET);
  if (request.status !== 'pending') throw new AlreadyProcessedError('This adjustment was already approved.');
  const approved = { id: request.id, requestedBy: request.requestedBy };
  const posted = await retryOnConflict(() =>
    ctx.tx(async (trx) =>
      request.kind === 'closed_payout'
        ? postClosedPayout(trx, {
            key: `closed-payout-request:${request.id}`,
            userId: request.userId,
            adminId: input.adminId,
            description: request.description,
            amountCents: -request.amountCents,
            request: approved,
          })
        : postAdjustment(trx, {
            key: `adjustment-request:${request.id}`,
            userId: request.userId,
            amountCents: request.amountCents,
            description: request.description,
            adminId: input.adminId,
            request: approved,
          }),
    ),
  );
  return { request: (await findRequest(ctx, request.id))!, posted };
}
