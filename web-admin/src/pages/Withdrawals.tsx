import { api, msgOr, toast, useOnReconnect, useSocketEvent } from '@bet/web-shell/core';
import { EmptyState, ErrorText, Spinner, Tabs, useApi, useConfirm } from '@bet/web-shell/ui';
import { useState } from 'react';
import { dateTime, money } from '../format';
import type { Withdrawal, WithdrawalList } from '../types';

type Status = Withdrawal['status'];
const TABS: Array<{ value: Status; label: string }> = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
];

export default function Withdrawals() {
  const [status, setStatus] = useState<Status>('pending');
  const list = useApi<WithdrawalList>('/admin/withdrawals', { status });
  const { confirm, dialog } = useConfirm();
  // new requests and other admins' decisions arrive over the socket
  useSocketEvent('withdrawal_requested', list.reload);
  useSocketEvent('withdrawal_updated', list.reload);
  useOnReconnect(list.reload);

  async function process(w: Withdrawal, decision: 'approved' | 'rejected') {
    const verb = decision === 'approved' ? 'Approve' : 'Reject';
    if (
      !(await confirm({
        message: `${verb} the withdrawal of ${money(w.amount)} by ${w.user.username ?? 'this user'}?`,
        confirmLabel: verb,
        danger: decision === 'rejected',
      }))
    )
      return;
    try {
      const res = await api.patch<{ msg: string; withdrawal: Withdrawal }>(
        `/admin/withdrawals/${w._id}/process`,
        { status: decision, adminNotes: `Request ${decision} by admin.` },
        { silent: true },
      );
      // four-eyes: a first approval leaves the request pending for a second admin
      if (res?.withdrawal.status === 'pending') {
        toast.success(res.msg);
        list.reload();
        return;
      }
      toast.success(`Withdrawal ${decision}.`);
      // the card leaves the pending list at once; the reload confirms it
      list.setData((d) => d?.filter((x) => x._id !== w._id));
      list.reload();
    } catch (err) {
      toast.error(msgOr(err, 'Action failed.'));
    }
  }

  const rows = list.data ?? [];
  return (
    <section className="admin-page">
      <h2>Withdrawal Requests</h2>
      <Tabs label="Withdrawal status" items={TABS} value={status} onChange={setStatus} />
      {list.error ? <ErrorText>{list.error}</ErrorText> : null}
      {list.loading && !list.data ? (
        <Spinner />
      ) : rows.length === 0 ? (
        <EmptyState title={`No ${status} requests`}>
          There are currently no withdrawals with this status.
        </EmptyState>
      ) : (
        <ul className="card-grid">
          {rows.map((w) => (
            <li key={w._id} className="card withdrawal-card">
              <div className="withdrawal-card__head">
                <strong>{w.user.username ?? 'Deleted user'}</strong>
                <span
                  className={`badge badge--${w.status === 'approved' ? 'success' : w.status === 'rejected' ? 'danger' : 'pending'}`}
                >
                  {w.status}
                </span>
              </div>
              <span className="muted">{w.user.email ?? ''}</span>
              <dl className="facts">
                <dt>Amount Requested</dt>
                <dd>
                  <strong>{money(w.amount)}</strong>
                </dd>
                <dt>Current Balance</dt>
                <dd>{money(w.user.walletBalance)}</dd>
                <dt>Requested</dt>
                <dd>{dateTime(w.createdAt)}</dd>
                {w.adminNotes ? (
                  <>
                    <dt>Notes</dt>
                    <dd>{w.adminNotes}</dd>
                  </>
                ) : null}
              </dl>
              {w.status === 'pending' ? (
                <div className="form-actions">
                  <button
                    type="button"
                    className="btn btn--danger btn--sm"
                    onClick={() => process(w, 'rejected')}
                  >
                    Reject
                  </button>
                  <button
                    type="button"
                    className="btn btn--primary btn--sm"
                    onClick={() => process(w, 'approved')}
                  >
                    Approve
                  </button>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {dialog}
    </section>
  );
}
