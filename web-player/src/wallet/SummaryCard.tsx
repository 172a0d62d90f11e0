import { money } from '../lib/format';

export function SummaryCard({ title, item }: { title: string; item?: { amount: number; count: number } }) {
  return (
    <div className="card summary">
      <h2 className="summary__title">{title}</h2>
      <p className="summary__amount">{money(item?.amount ?? 0)}</p>
      <p className="muted">
        {item?.count ?? 0} transaction{item?.count === 1 ? '' : 's'}
      </p>
    </div>
  );
}
