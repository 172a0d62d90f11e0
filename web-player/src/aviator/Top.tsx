import type { Answer } from '@bet/api-types';
import { formatMoney } from '@bet/web-shell/core';
import { useApi } from '@bet/web-shell/ui';
import { useState } from 'react';

type Top = Answer<'/aviator/top'>;
type Kind = Top['kind'];
type Period = Top['period'];

const KINDS: Array<[Kind, string]> = [
  ['wins', 'Top wins'],
  ['multipliers', 'Top multipliers'],
];
const PERIODS: Array<[Period, string]> = [
  ['day', 'Day'],
  ['month', 'Month'],
  ['year', 'Year'],
];

/** The biggest wins and the highest cash-outs of the day, month or year. */
export function TopList() {
  const [kind, setKind] = useState<Kind>('wins');
  const [period, setPeriod] = useState<Period>('day');
  const { data, error } = useApi<Top>('/aviator/top', { kind, period, limit: 20 });
  return (
    <div className="aviator-top">
      <div className="aviator-top__filters">
        <fieldset className="segmented">
          <legend className="visually-hidden">Top list</legend>
          {KINDS.map(([k, label]) => (
            <button
              key={k}
              type="button"
              className="chip"
              aria-pressed={kind === k}
              onClick={() => setKind(k)}
            >
              {label}
            </button>
          ))}
        </fieldset>
        <fieldset className="segmented">
          <legend className="visually-hidden">Period</legend>
          {PERIODS.map(([p, label]) => (
            <button
              key={p}
              type="button"
              className="chip"
              aria-pressed={period === p}
              onClick={() => setPeriod(p)}
            >
              {label}
            </button>
          ))}
        </fieldset>
      </div>
      {error && <p className="error-text">{error}</p>}
      {data && data.bets.length === 0 && <p className="muted">No cash-outs in this period yet.</p>}
      {data && data.bets.length > 0 && (
        <table className="round-bets__table">
          <thead>
            <tr>
              <th scope="col">Player</th>
              <th scope="col">Bet</th>
              <th scope="col">x</th>
              <th scope="col">Win</th>
              <th scope="col">Round</th>
            </tr>
          </thead>
          <tbody>
            {data.bets.map((b) => (
              <tr key={b.betId}>
                <td>{b.username}</td>
                <td>{formatMoney(b.stake)}</td>
                <td>{b.cashedOutAt.toFixed(2)}x</td>
                <td>{formatMoney(b.payout)}</td>
                <td>{b.crashPoint.toFixed(2)}x</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
