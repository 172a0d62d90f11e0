/**
 * How the ledger's own types (`kind`, the catalogue's wallet transaction types) read on a
 * statement line. A type the catalogue adds later reads as its own words.
 */
const LABELS: Record<string, string> = {
  topup: 'Top-up',
  bet: 'Bet',
  win: 'Win',
  refund: 'Refund',
  cashout: 'Cash-out',
  withdrawal: 'Withdrawal',
  withdrawal_reversal: 'Withdrawal returned',
  adjustment: 'Adjustment',
  aviator_bet: 'Aviator bet',
  aviator_win: 'Aviator win',
  bonus_grant: 'Bonus',
  bonus_conversion: 'Bonus converted',
  bonus_expiry: 'Bonus expired',
};

export function txKindLabel(kind: string): string {
  const label = LABELS[kind];
  if (label) return label;
  const words = kind.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
