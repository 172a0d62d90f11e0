import type { WalletTxType } from '@bet/proto-events/ledger';

/**
 * How the ledger's own types (`kind`, the catalogue's wallet transaction types) read on a
 * statement line. A type the catalogue adds later reads as its own words.
 */
// keyed by the ledger's vocabulary: a type added there fails the type check until it has a label
const LABELS: Record<WalletTxType, string> = {
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
  acca_bonus: 'Accumulator bonus',
};

export function txKindLabel(kind: string): string {
  const label = (LABELS as Record<string, string>)[kind];
  if (label) return label;
  const words = kind.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
