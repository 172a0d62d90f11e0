import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { compactMoney, money, signedMoney } from '../lib/format';

/** "22 Nov" from "2026-11-22" (read as a calendar day, not shifted by the time zone) */
function dayLabel(iso: string): string {
  const d = new Date(`${iso}T12:00:00`);
  return Number.isNaN(d.getTime())
    ? iso
    : d.toLocaleDateString(undefined, { day: 'numeric', month: 'short' });
}

export default function ProfileChart({ data }: { data: Array<{ date: string; netProfit: number }> }) {
  const rows = data.map((d) => ({ date: String(d.date).slice(0, 10), netProfit: Number(d.netProfit) || 0 }));
  const total = rows.reduce((a, r) => a + r.netProfit, 0);
  return (
    <figure
      className="chart"
      aria-label={`Net profit per day over ${rows.length} days, ${money(total)} in total`}
    >
      <ResponsiveContainer width="100%" height={240}>
        <LineChart data={rows} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" />
          <XAxis
            dataKey="date"
            stroke="var(--muted)"
            fontSize={12}
            tickFormatter={dayLabel}
            minTickGap={24}
          />
          <YAxis stroke="var(--muted)" fontSize={12} tickFormatter={compactMoney} width={56} />
          <Tooltip
            labelFormatter={(l) => dayLabel(String(l))}
            formatter={(v) => [signedMoney(v), 'Net profit']}
            contentStyle={{
              background: 'var(--surface)',
              border: '1px solid var(--border)',
              color: 'var(--text)',
            }}
          />
          <Line
            type="monotone"
            dataKey="netProfit"
            stroke="var(--primary)"
            strokeWidth={2}
            dot={false}
            name="Net profit"
          />
        </LineChart>
      </ResponsiveContainer>
    </figure>
  );
}
