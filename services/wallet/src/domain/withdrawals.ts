import { moneyText } from '@bet/kit/core';
export const WITHDRAWAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];
export type Decision = 'approved' | 'rejected';

export interface DecisionBody {
  status?: string;
  adminNotes?: string;
  action?: string;
  note?: string;
}

export type DecisionCheck =
  | { ok: true; decision: Decision; notes: string }
  | { ok: false; msg: string; path: string };

/**
 * The admin screen sends `{status, adminNotes}`; another reading of the spec sends
 * `{action, note}`. Both mean the same; both at once must agree.
 */
export function readDecision(body: DecisionBody): DecisionCheck {
  const status = body.status ?? body.action;
  if (body.status !== undefined && body.action !== undefined && body.status !== body.action)
    return { ok: false, msg: 'status and action disagree', path: 'action' };
  if (status === undefined)
    return { ok: false, msg: 'status is required (approved or rejected)', path: 'status' };
  if (status !== 'approved' && status !== 'rejected')
    return {
      ok: false,
      msg: 'status must be one of: approved, rejected',
      path: body.status !== undefined ? 'status' : 'action',
    };
  if (body.adminNotes !== undefined && body.note !== undefined && body.adminNotes.trim() !== body.note.trim())
    return { ok: false, msg: 'adminNotes and note disagree', path: 'note' };
  const given = (body.adminNotes ?? body.note ?? '').trim();
  return { ok: true, decision: status, notes: given || defaultNote(status) };
}

export function defaultNote(decision: Decision): string {
  return `Request ${decision} by admin.`;
}

export function decisionMessage(decision: Decision): string {
  return decision === 'approved' ? 'Withdrawal approved.' : 'Withdrawal rejected.';
}

export function alreadyProcessedMessage(status: WithdrawalStatus): string {
  return `This withdrawal request has already been ${status}.`;
}

/** Why a withdrawal waits: money owed from a corrected result is repaid first. */
export const debtMessage = (cents: bigint) =>
  `You owe ${moneyText(cents)} from a corrected bet result; withdrawals resume once your next winnings have repaid it.`;
