import type { Answer } from '@bet/api-types';
import { Table, type TableColumn, useApi } from '@bet/web-shell/ui';
import { odds as fmtOdds } from '../lib/format';
import { EmptyState, ErrorText, Spinner } from '../ui/common';

type Row = Answer<'/leaderboards/highest-odds'>['leaderboard'][number];

const COLUMNS: TableColumn<Row>[] = [
  { key: 'rank', label: 'Rank', render: (_r, i) => i + 1 },
  { key: 'username', label: 'Username', render: (r) => r.username },
  { key: 'odds', label: 'Odds', numeric: true, render: (r) => fmtOdds(r.odds) },
];

export function HighestOdds() {
  const { data, error, loading, reload } = useApi<Answer<'/leaderboards/highest-odds'>>(
    '/leaderboards/highest-odds',
  );
  const rows = data?.leaderboard ?? [];
  if (loading) return <Spinner />;
  if (error) return <ErrorText onRetry={reload}>{error}</ErrorText>;
  if (rows.length === 0)
    return <EmptyState title="No winning odds yet">The biggest winning odds will appear here.</EmptyState>;
  return (
    <Table
      rows={rows}
      columns={COLUMNS}
      rowKey={(r, i) => `${i + 1}-${r.username}`}
      caption="Highest winning odds"
    />
  );
}
