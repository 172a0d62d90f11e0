import { badRequest, centsToDollars, type FieldError } from '@bet/kit';
import type { FastifyRequest } from 'fastify';
import { specTxType } from '../domain/transactions';
import type { StatementLine } from '../operations/statements';
import type { WithdrawalView } from '../operations/withdrawals';

export function fieldError(path: string, msg: string, location: FieldError['location'] = 'body') {
  return badRequest(msg, [{ path, location, msg }]);
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const FIRST_MS = Date.parse('0001-01-01T00:00:00.000Z');
const LAST_MS = Date.parse('+010000-01-01T00:00:00.000Z');

/** startDate/endDate as a day (whole UTC day, end inclusive) or an instant; '' means absent. */
export function dateRange(startDate?: string, endDate?: string): { from?: Date; to?: Date } {
  const parse = (value: string | undefined, field: string, end: boolean): Date | undefined => {
    if (value === undefined || value.trim() === '') return undefined;
    const ms = Date.parse(DAY.test(value) ? `${value}T00:00:00.000Z` : value);
    const at = new Date(end ? (DAY.test(value) ? ms + 86_400_000 : ms + 1) : ms);
    // years 1..9999: JavaScript parses dates Postgres cannot store (and ends that are no date)
    if (!(at.getTime() >= FIRST_MS && at.getTime() <= LAST_MS))
      throw fieldError(field, `${field} must be a date (YYYY-MM-DD) or a date-time`, 'query');
    return at;
  };
  const from = parse(startDate, 'startDate', false);
  const to = parse(endDate, 'endDate', true);
  if (from && to && from >= to) throw fieldError('endDate', 'endDate must not be before startDate', 'query');
  return { from, to };
}

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
