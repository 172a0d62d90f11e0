import type { Answer } from '@bet/api-types';
import { api, currencySymbol, msgOr, toast, useOnReconnect, useSocketEvent } from '@bet/web-shell/core';
import { ErrorText, FormField, Spinner, useApi } from '@bet/web-shell/ui';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { money } from '../format';
import { aiSlots } from '../slots';
import type { AdjustmentRequests, DailyStats, FinancialStats, PlatformStats, WithdrawalList } from '../types';

const SOURCES = [
  { value: 'apifootball', label: 'API-Football' },
  { value: 'allsportsapi', label: 'allsportsapi' },
] as const;
type Source = (typeof SOURCES)[number]['value'];

/** the chart's reload after a push waits this long, so a burst of bets costs one read */
const DAILY_RELOAD_MS = 5_000;

function StatCard({
  label,
  value,
  children,
}: {
  label: string;
  value: string | number | undefined;
  children?: React.ReactNode;
}) {
  return (
    <div className="card stat-card">
      <span className="stat-card__label">{label}</span>
      <strong className="stat-card__value">{value ?? '—'}</strong>
      {children ? <span className="stat-card__hint">{children}</span> : null}
    </div>
  );
}

/** What waits for an admin: pending withdrawal requests and four-eyes adjustments. */
export function pendingApprovals(
  withdrawals: WithdrawalList | undefined,
  adjustments: AdjustmentRequests | undefined,
): { withdrawals: number; adjustments: number; total: number } | undefined {
  if (!withdrawals || !adjustments) return undefined;
  const w = withdrawals.filter((x) => x.status === 'pending').length;
  const a = adjustments.requests.filter((x) => x.status === 'pending').length;
  return { withdrawals: w, adjustments: a, total: w + a };
}

export default function Dashboard() {
  const stats = useApi<PlatformStats>('/admin/stats/platform');
  const financial = useApi<FinancialStats>('/admin/dashboard/financial');
  const daily = useApi<DailyStats>('/admin/stats/daily');
  const withdrawals = useApi<WithdrawalList>('/admin/withdrawals', { status: 'pending' });
  const adjustments = useApi<AdjustmentRequests>('/admin/wallet/adjustments', { status: 'pending' });
  const pending = pendingApprovals(withdrawals.data, adjustments.data);
  const reloadPending = () => {
    withdrawals.reload();
    adjustments.reload();
  };
  useSocketEvent('withdrawal_requested', reloadPending);
  useSocketEvent('withdrawal_updated', reloadPending);
  const [source, setSource] = useState<Source>('apifootball');
  const [syncing, setSyncing] = useState(false);

  const reloadAll = () => {
    stats.reload();
    financial.reload();
    daily.reload();
    reloadPending();
  };
  // the admin service pushes its figures when they move (admin.figures_changed): no polling;
  // what was pushed while the socket was down is read again when it is back
  useOnReconnect(reloadAll);
  useSocketEvent('dashboard_updated', (p: { stats?: PlatformStats; financial?: FinancialStats }) => {
    if (p?.stats) stats.setData(p.stats);
    if (p?.financial) financial.setData(p.financial);
    reloadDailySoon();
    // a four-eyes adjustment approved elsewhere moves the money figures: its count follows
    adjustments.reload();
  });
  // the per-day chart is read again, at most every few seconds, when the figures moved
  const dailyTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const reloadDailySoon = () => {
    if (dailyTimer.current) return;
    dailyTimer.current = setTimeout(() => {
      dailyTimer.current = null;
      daily.reload();
    }, DAILY_RELOAD_MS);
  };
  useEffect(
    () => () => {
      if (dailyTimer.current) clearTimeout(dailyTimer.current);
    },
    [],
  );

  async function sync() {
    setSyncing(true);
    try {
      const res = await api.post<Answer<'/admin/games/sync', 'post'>>(
        '/admin/games/sync',
        { source },
        { silent: true },
      );
      toast.success(res?.msg || `Successfully synced from ${source}!`, { duration: 4000 });
      stats.reload();
    } catch (err) {
      const msg = msgOr(err, '');
      toast.error(msg ? `Error: ${msg}` : 'Sync failed.', { duration: 6000 });
    } finally {
      setSyncing(false);
    }
  }

  const Campaign = aiSlots.CampaignButton;
  const days = daily.data?.days ?? [];
  return (
    <section className="admin-page">
      <h2>Dashboard</h2>

      <h3 className="admin-section">Platform Overview</h3>
      {stats.error ? <ErrorText>{stats.error}</ErrorText> : null}
      <div className="stat-grid">
        <StatCard label="Total Users" value={stats.data?.totalUsers} />
        <StatCard label="Total Bets" value={stats.data?.totalBets} />
        <StatCard label="Active Games" value={stats.data?.totalGames} />
        <StatCard label="Upcoming Games" value={stats.data?.upcomingGames} />
      </div>

      <h3 className="admin-section">Financial Snapshot</h3>
      {financial.error ? <ErrorText>{financial.error}</ErrorText> : null}
      <div className="stat-grid">
        <StatCard label="Total Stakes" value={financial.data && money(financial.data.totalStakes.amount)} />
        <StatCard
          label="Total Payouts"
          value={financial.data && money(financial.data.totalPayoutsToUsers.amount)}
        />
        <StatCard
          label="Platform Revenue"
          value={financial.data && money(financial.data.platformRevenue.amount)}
        />
      </div>

      <h3 className="admin-section">Money In and Out</h3>
      <div className="stat-grid">
        <StatCard
          label="Deposits"
          value={financial.data?.totalDeposits && money(financial.data.totalDeposits.amount)}
        />
        <StatCard
          label="Withdrawals"
          value={financial.data?.totalWithdrawals && money(financial.data.totalWithdrawals.amount)}
        />
        <StatCard label="Pending Approvals" value={pending?.total}>
          {pending ? (
            <>
              <Link to="/admin/withdrawals">{pending.withdrawals} withdrawals</Link>
              {' · '}
              <Link to="/admin/approvals">{pending.adjustments} adjustments</Link>
            </>
          ) : null}
        </StatCard>
        <StatCard
          label="Aviator Revenue"
          value={financial.data?.aviatorRevenue && money(financial.data.aviatorRevenue.amount)}
        />
      </div>
      {withdrawals.error || adjustments.error ? (
        <ErrorText>{withdrawals.error || adjustments.error}</ErrorText>
      ) : null}

      <h3 className="admin-section">Last 30 Days</h3>
      {daily.error ? <ErrorText>{daily.error}</ErrorText> : null}
      {daily.loading && !daily.data ? (
        <Spinner />
      ) : (
        <div className="chart-grid">
          <figure className="card chart-card">
            <figcaption>Stakes, payouts and revenue per day ({currencySymbol()})</figcaption>
            <ResponsiveContainer width="100%" height={260}>
              <LineChart data={days} margin={{ top: 8, right: 12, left: 0, bottom: 0 }}>
                <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" />
                <XAxis
                  dataKey="date"
                  tick={{ fontSize: 11, fill: 'var(--muted)' }}
                  tickFormatter={(d) => d.slice(5)}
                />
                <YAxis tick={{ fontSize: 11, fill: 'var(--muted)' }} width={56} />
                <Tooltip formatter={(v) => money(v)} contentStyle={{ background: 'var(--surface)' }} />
                <Legend />
                <Line type="linear" dataKey="stakes" name="Stakes" stroke="var(--info)" dot={false} />
                <Line type="linear" dataKey="payouts" name="Payouts" stroke="var(--warning)" dot={false} />
                <Line type="linear" dataKey="revenue" name="Revenue" stroke="var(--success)" dot={false} />
              </LineChart>
            </ResponsiveContainer>
          </figure>
          <figure className="card chart-card">
            <figcaption>Active users per day (placed a bet)</figcaption>
            <ResponsiveContainer width="100%" height={260}>
              <BarChart data={days} margin={{ top: 8, right: 12, left: 0, bottom: 0 }}>
                <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" />
                <XAxis
                  dataKey="date"
                  tick={{ fontSize: 11, fill: 'var(--muted)' }}
                  tickFormatter={(d) => d.slice(5)}
                />
                <YAxis allowDecimals={false} tick={{ fontSize: 11, fill: 'var(--muted)' }} width={40} />
                <Tooltip contentStyle={{ background: 'var(--surface)' }} />
                <Bar dataKey="activeUsers" name="Active users" fill="var(--info)" />
              </BarChart>
            </ResponsiveContainer>
          </figure>
        </div>
      )}

      <h3 className="admin-section">System Actions</h3>
      <div className="grid grid--2">
        <div className="card">
          <h4 className="card__title">Manual Game Sync</h4>
          <p className="muted">Fetch the latest fixtures, odds and results from a provider.</p>
          <div className="sync-row">
            <FormField label="Source">
              {(id) => (
                <select id={id} value={source} onChange={(e) => setSource(e.target.value as Source)}>
                  {SOURCES.map((s) => (
                    <option key={s.value} value={s.value}>
                      {s.label}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
            <button type="button" className="btn btn--primary" onClick={sync} disabled={syncing}>
              {syncing ? 'Syncing…' : 'Sync Games'}
            </button>
          </div>
        </div>
        <div className="card">
          <h4 className="card__title">Marketing Tools</h4>
          <p className="muted">Generate an AI social media campaign for a league and a date.</p>
          {Campaign ? <Campaign /> : <p className="muted">The campaign generator is not available.</p>}
        </div>
      </div>
    </section>
  );
}
