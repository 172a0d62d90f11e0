import type { Answer } from '@bet/api-types';
import { useApi } from '@bet/web-shell/ui';
import { useId, useState } from 'react';
import { money } from '../lib/format';
import { EmptyState, ErrorText, Spinner } from '../ui/common';

type Period = 'all-time' | 'monthly' | 'weekly';
const PERIODS: Array<{ value: Period; label: string }> = [
  { value: 'all-time', label: 'All-Time' },
  { value: 'monthly', label: 'Monthly' },
  { value: 'weekly', label: 'Weekly' },
];

export function Winners() {
  const [period, setPeriod] = useState<Period>('all-time');
  const selectId = useId();
  const { data, error, loading, reload } = useApi<Answer<'/leaderboards/winners'>>('/leaderboards/winners', {
    period,
  });
  const rows = data?.leaderboard ?? [];
  return (
    <>
      <div className="field field--inline">
        <label htmlFor={selectId}>Period</label>
        <select id={selectId} value={period} onChange={(e) => setPeriod(e.target.value as Period)}>
          {PERIODS.map((p) => (
            <option key={p.value} value={p.value}>
              {p.label}
            </option>
          ))}
        </select>
      </div>
      {loading ? (
        <Spinner />
      ) : error ? (
        <ErrorText onRetry={reload}>{error}</ErrorText>
      ) : rows.length === 0 ? (
        <EmptyState title="No winners yet">Settled winning bets for this period will appear here.</EmptyState>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">Top winners by net profit</caption>
            <thead>
              <tr>
                <th scope="col">Rank</th>
                <th scope="col">Username</th>
                <th scope="col" className="num">
                  Net Profit
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id of their own; the position is part of the row (its rank)
                <tr key={`${i + 1}-${r.userDetails.username}`}>
                  <td>{i + 1}</td>
                  <td>{r.userDetails.username}</td>
                  <td className={`num ${Number(r.netProfit) >= 0 ? 'amount--positive' : 'amount--negative'}`}>
                    {money(r.netProfit)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
