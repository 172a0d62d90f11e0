// Money as players read it: US dollars, two decimals, thousands separators ($196,998.03).
const USD = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

function num(n: unknown): number {
  const v = typeof n === 'number' ? n : Number(n);
  return Number.isFinite(v) ? v : 0;
}

/** $1,234.50 / -$3.00: the one money format of the web (every screen, toast and label) */
export function formatMoney(n: unknown): string {
  return USD.format(num(n));
}

/** +$1,212.50 / -$3.00 (net figures) */
export function formatSignedMoney(n: unknown): string {
  const v = num(n);
  return `${v > 0 ? '+' : ''}${formatMoney(v)}`;
}

/** $1.2k / -$15: short labels for chart axes */
export function formatCompactMoney(n: unknown): string {
  const v = num(n);
  const abs = Math.abs(v);
  const body =
    abs >= 1000
      ? `${(abs / 1000).toFixed(abs >= 10_000 ? 0 : 1)}k`
      : abs % 1 === 0
        ? String(abs)
        : abs.toFixed(2);
  return `${v < 0 ? '-' : ''}$${body}`;
}
