import type { Answer } from '@bet/api-types';
import { Table, type TableColumn, useApi } from '@bet/web-shell/ui';
import { useId, useState } from 'react';
import { money } from '../lib/format';
import { EmptyState, ErrorText, Spinner } from '../ui/common';

type Period = 'all-time' | 'monthly' | 'weekly';
const PERIODS: Array<{ value: Period; label: string }> = [
  { value: 'all-time', label: 'All-Time' },
  { value: 'monthly', label: 'Monthly' },
  { value: 'weekly', label: 'Weekly' },
];

type Row = Answer<'/leaderboards/winners'>['leaderboard'][number];

const COLUMNS: TableColumn<Row>[] = [
  { key: 'rank', label: 'Rank', render: (_r, i) => i + 1 },
  { key: 'username', label: 'Username', render: (r) => r.userDetails.username },
  {
    key: 'profit',
    label: 'Net Profit',
    numeric: true,
    cellClass: (r) => (Number(r.netProfit) >= 0 ? 'amount--positive' : 'amount--negative'),
    render: (r) => money(r.netProfit),
  },
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
        <Table
          rows={rows}
          columns={COLUMNS}
          rowKey={(r, i) => `${i + 1}-${r.userDetails.username}`}
          caption="Top winners by net profit"
        />
      )}
    </>
  );
}
