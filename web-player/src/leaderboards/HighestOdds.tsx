import type { Answer } from '@bet/api-types';
import { useApi } from '@bet/web-shell/ui';
import { odds as fmtOdds } from '../lib/format';
import { EmptyState, ErrorText, Spinner } from '../ui/common';

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
    <div className="table-wrap">
      <table className="table">
        <caption className="visually-hidden">Highest winning odds</caption>
        <thead>
          <tr>
            <th scope="col">Rank</th>
            <th scope="col">Username</th>
            <th scope="col" className="num">
              Odds
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id of their own; the position is part of the row (its rank)
            <tr key={`${i + 1}-${r.username}`}>
              <td>{i + 1}</td>
              <td>{r.username}</td>
              <td className="num">{fmtOdds(r.odds)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
