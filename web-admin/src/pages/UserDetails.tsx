import { api, currencySymbol, msgOr, toast, txKindLabel, useSocketEvent } from '@bet/web-shell/core';
import {
  type Column,
  DataTable,
  EmptyState,
  ErrorText,
  FormField,
  Spinner,
  useApi,
  useConfirm,
} from '@bet/web-shell/ui';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Avatar } from '../Avatar';
import { dateOnly, dateTime, money, OUTCOME_LABEL } from '../format';
import type { Bet, UserDetails as Details, Transaction, WalletAdjusted } from '../types';

const TX_TYPES = ['All', 'Bet', 'Win', 'Top-up', 'Withdrawal'] as const;
const BET_STATUSES = ['All', 'Pending', 'Won', 'Lost', 'Cancelled'] as const;
/** the read models catch up with an action within a moment; read again after it */
const CATCH_UP_MS = 800;

const txColumns: Column<Transaction>[] = [
  { key: 'date', label: 'Date', render: (t) => dateTime(t.createdAt), sortValue: (t) => t.createdAt },
  {
    key: 'type',
    label: 'Type',
    render: (t) => <span className="badge badge--words">{txKindLabel(t.type)}</span>,
    sortValue: (t) => txKindLabel(t.type),
  },
  {
    key: 'amount',
    label: 'Amount',
    numeric: true,
    render: (t) => (
      <span className={t.amount >= 0 ? 'amount amount--in' : 'amount amount--out'}>{money(t.amount)}</span>
    ),
    sortValue: (t) => t.amount,
  },
  { key: 'description', label: 'Description', render: (t) => t.description },
];

const betColumns: Column<Bet>[] = [
  {
    key: 'selections',
    label: 'Selections',
    render: (b) => (
      <ul className="plain-list">
        {b.selections.map((s) => (
          <li key={`${s.gameId._id}-${s.outcome}`}>
            {'homeTeam' in s.gameId ? `${s.gameId.homeTeam} vs ${s.gameId.awayTeam}` : s.gameId._id}:{' '}
            {OUTCOME_LABEL[s.outcome]} @ {s.odds.toFixed(2)}
          </li>
        ))}
      </ul>
    ),
  },
  { key: 'stake', label: 'Stake', numeric: true, render: (b) => money(b.stake), sortValue: (b) => b.stake },
  {
    key: 'status',
    label: 'Status',
    render: (b) => (
      <span className={`badge badge--${b.status}`}>{b.cashedOut ? 'won (cashed out)' : b.status}</span>
    ),
    sortValue: (b) => b.status,
  },
  {
    key: 'payout',
    label: 'Payout',
    numeric: true,
    render: (b) => money(b.payout),
    sortValue: (b) => b.payout,
  },
];

export default function UserDetails() {
  const { userId = '' } = useParams();
  const navigate = useNavigate();
  const [txType, setTxType] = useState<(typeof TX_TYPES)[number]>('All');
  const [betStatus, setBetStatus] = useState<(typeof BET_STATUSES)[number]>('All');
  const [startDate, setStartDate] = useState('');
  const [endDate, setEndDate] = useState('');
  const details = useApi<Details>(`/admin/users/${userId}/details`, {
    txType,
    betStatus: betStatus === 'All' ? 'All' : betStatus.toLowerCase(),
    sortBy: 'createdAt',
    order: 'desc',
    startDate: startDate || undefined,
    endDate: endDate || undefined,
  });
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const { confirm, dialog } = useConfirm();

  useSocketEvent('userStatusUpdate', (e: { userId: string; isOnline: boolean; lastSeen: string }) => {
    if (e.userId !== userId) return;
    details.setData((d) =>
      d ? { ...d, user: { ...d.user, isOnline: e.isOnline, lastSeen: e.lastSeen } } : d,
    );
  });

  const user = details.data?.user;
  const later = () => setTimeout(details.reload, CATCH_UP_MS);

  async function toggleRole() {
    if (!user) return;
    const role = user.role === 'admin' ? 'user' : 'admin';
    const label = role === 'admin' ? 'Promote to Admin' : 'Demote to User';
    if (!(await confirm({ message: `${label}: ${user.username}?`, confirmLabel: label }))) return;
    try {
      await api.patch(`/admin/users/${userId}/role`, { role }, { silent: true });
      toast.success('User role updated successfully!');
      details.setData((d) => (d ? { ...d, user: { ...d.user, role } } : d));
      later();
    } catch (err) {
      toast.error(msgOr(err, 'Action failed.'));
    }
  }

  async function adjust(e: FormEvent) {
    e.preventDefault();
    const value = Number(amount);
    if (!amount.trim() || !Number.isFinite(value) || value === 0 || !reason.trim()) {
      toast.error('Amount and description are required.');
      return;
    }
    setBusy(true);
    try {
      const res = await api.patch<WalletAdjusted>(
        `/admin/users/${userId}/wallet`,
        { amount: value, description: reason.trim() },
        { silent: true },
      );
      // above the four-eyes threshold the wallet only records a request (202) for a second admin
      if ('request' in res && res.request.status === 'pending')
        toast.info(res.msg ?? "The adjustment waits for a second admin's approval.");
      else toast.success('Wallet adjusted successfully!');
      setAmount('');
      setReason('');
      if ('walletBalance' in res)
        details.setData((d) => (d ? { ...d, user: { ...d.user, walletBalance: res.walletBalance } } : d));
      later();
    } catch (err) {
      toast.error(msgOr(err, 'Action failed.'));
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    if (!user) return;
    if (
      !(await confirm({
        message: 'This action is irreversible...',
        confirmLabel: 'Delete This User',
        danger: true,
      }))
    )
      return;
    try {
      await api.delete(`/admin/users/${userId}`, { silent: true });
      toast.success('User deleted successfully.');
      navigate('/admin/users');
    } catch (err) {
      toast.error(msgOr(err, 'Failed to delete user.'));
    }
  }

  return (
    <section className="admin-page">
      <Link to="/admin/users" className="back-link">
        ← Back to Users
      </Link>
      <h2>User Details</h2>
      {details.error && !details.data ? <ErrorText>{details.error}</ErrorText> : null}
      {!user ? (
        details.loading ? (
          <Spinner />
        ) : null
      ) : (
        <>
          <div className="grid grid--2">
            <div className="card profile-card">
              <div className="profile-card__head">
                <Avatar user={user} size={64} />
                <div>
                  <h3 className="profile-card__name">
                    {[user.firstName, user.lastName].filter(Boolean).join(' ') || user.username}
                  </h3>
                  {user.isOnline ? (
                    <span className="presence presence--online">Online</span>
                  ) : (
                    <span className="presence">
                      Last seen: {user.lastSeen ? dateTime(user.lastSeen) : 'N/A'}
                    </span>
                  )}
                </div>
              </div>
              <dl className="facts">
                <dt>Username</dt>
                <dd>@{user.username}</dd>
                <dt>Email</dt>
                <dd>{user.email}</dd>
                <dt>State</dt>
                <dd>{user.state || 'N/A'}</dd>
                <dt>Joined</dt>
                <dd>{dateOnly(user.createdAt)}</dd>
                <dt>Role</dt>
                <dd>
                  <span className={user.role === 'admin' ? 'badge badge--info' : 'badge'}>{user.role}</span>
                </dd>
                <dt>Balance</dt>
                <dd>
                  <strong>{money(user.walletBalance)}</strong>
                </dd>
              </dl>
            </div>
            <div className="card">
              <h3 className="card__title">Admin Actions</h3>
              <div className="form-actions form-actions--start">
                <button type="button" className="btn" onClick={toggleRole}>
                  {user.role === 'admin' ? 'Demote to User' : 'Promote to Admin'}
                </button>
                <button type="button" className="btn btn--danger" onClick={remove}>
                  Delete This User
                </button>
              </div>
              <form className="form adjust-form" onSubmit={adjust} noValidate>
                <h4>Adjust Wallet</h4>
                <div className="form-row">
                  <FormField
                    label={`Amount (${currencySymbol()})`}
                    hint="Negative to debit, positive to credit"
                  >
                    {(id) => (
                      <input
                        id={id}
                        type="number"
                        step="0.01"
                        value={amount}
                        onChange={(e) => setAmount(e.target.value)}
                        placeholder="e.g. 50 or -20"
                      />
                    )}
                  </FormField>
                  <FormField label="Reason">
                    {(id) => (
                      <input
                        id={id}
                        value={reason}
                        onChange={(e) => setReason(e.target.value)}
                        placeholder="Reason for adjustment"
                      />
                    )}
                  </FormField>
                </div>
                <div className="form-actions">
                  <button type="submit" className="btn btn--primary" disabled={busy}>
                    {busy ? 'Adjusting…' : 'Adjust Wallet'}
                  </button>
                </div>
              </form>
            </div>
          </div>

          <div className="card filters-card">
            <h3 className="card__title">Filters</h3>
            <div className="form-row">
              <FormField label="Transaction type">
                {(id) => (
                  <select id={id} value={txType} onChange={(e) => setTxType(e.target.value as typeof txType)}>
                    {TX_TYPES.map((t) => (
                      <option key={t}>{t}</option>
                    ))}
                  </select>
                )}
              </FormField>
              <FormField label="Bet status">
                {(id) => (
                  <select
                    id={id}
                    value={betStatus}
                    onChange={(e) => setBetStatus(e.target.value as typeof betStatus)}
                  >
                    {BET_STATUSES.map((t) => (
                      <option key={t}>{t}</option>
                    ))}
                  </select>
                )}
              </FormField>
              <FormField label="Start date">
                {(id) => (
                  <input
                    id={id}
                    type="date"
                    value={startDate}
                    onChange={(e) => setStartDate(e.target.value)}
                  />
                )}
              </FormField>
              <FormField label="End date">
                {(id) => (
                  <input id={id} type="date" value={endDate} onChange={(e) => setEndDate(e.target.value)} />
                )}
              </FormField>
            </div>
            {details.error ? <ErrorText>{details.error}</ErrorText> : null}
          </div>

          <h3 className="admin-section">Transaction History</h3>
          <DataTable
            caption="Transaction History"
            rows={details.data?.transactions ?? []}
            columns={txColumns}
            rowKey={(t) => t._id}
            empty={<EmptyState title="No transactions found." />}
          />
          <h3 className="admin-section">Bet History</h3>
          <DataTable
            caption="Bet History"
            rows={details.data?.bets ?? []}
            columns={betColumns}
            rowKey={(b) => b._id}
            empty={<EmptyState title="No bets found." />}
          />
        </>
      )}
      {dialog}
    </section>
  );
}
