// Money as players read it: US dollars, two decimals, thousands separators ($196,998.03).
const USD = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** $1,234.50 / -$3.00 */
export function formatMoney(n: unknown): string {
  const v = typeof n === 'number' ? n : Number(n);
  return USD.format(Number.isFinite(v) ? v : 0);
}
