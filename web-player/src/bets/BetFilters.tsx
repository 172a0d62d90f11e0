import { useId } from 'react';
import type { BetFilterValues } from './useMyBets';

const STATUSES = ['pending', 'won', 'lost', 'cancelled'];
const SORTS = [
  { value: 'createdAt', label: 'Date' },
  { value: 'stake', label: 'Stake' },
  { value: 'payout', label: 'Payout' },
  { value: 'totalOdds', label: 'Total Odds' },
];

/** My Bets' filters: status, sort and a date range. */
export function BetFilters({
  values,
  onChange,
}: {
  values: BetFilterValues;
  onChange: (key: keyof BetFilterValues, value: string) => void;
}) {
  const ids = { status: useId(), sort: useId(), start: useId(), end: useId() };
  return (
    <div className="card filters">
      <div className="field">
        <label htmlFor={ids.status}>Status</label>
        <select
          id={ids.status}
          value={STATUSES.includes(values.status) ? values.status : ''}
          onChange={(e) => onChange('status', e.target.value)}
        >
          <option value="">All</option>
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={ids.sort}>Sort By</label>
        <select id={ids.sort} value={values.sortBy} onChange={(e) => onChange('sortBy', e.target.value)}>
          {SORTS.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={ids.start}>Start Date</label>
        <input
          id={ids.start}
          type="date"
          value={values.startDate}
          max={values.endDate || undefined}
          onChange={(e) => onChange('startDate', e.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={ids.end}>End Date</label>
        <input
          id={ids.end}
          type="date"
          value={values.endDate}
          min={values.startDate || undefined}
          onChange={(e) => onChange('endDate', e.target.value)}
        />
      </div>
    </div>
  );
}
