/**
 * The spec's filters of the user-details view over the ledger's and betting's own values
 * (docs/api-conventions.md, "Values beyond the spec's enumerations"): every transaction type
 * sits in exactly one group, the same groups the wallet's statement uses, so each line is
 * reachable through the spec's four filters.
 */
export interface TypeClause {
  type: string;
  sign?: 'credit' | 'debit';
}

export const TX_FILTERS = {
  bet: [{ type: 'bet' }, { type: 'aviator_bet' }, { type: 'refund' }],
  win: [{ type: 'win' }, { type: 'cashout' }, { type: 'aviator_win' }],
  // bonus money granted or turned into cash arrives like a top-up; an expiry takes it away
  topup: [
    { type: 'topup' },
    { type: 'adjustment', sign: 'credit' },
    { type: 'bonus_grant' },
    { type: 'bonus_conversion' },
  ],
  withdrawal: [
    { type: 'withdrawal' },
    { type: 'withdrawal_reversal' },
    { type: 'adjustment', sign: 'debit' },
    { type: 'bonus_expiry' },
  ],
} as const satisfies Record<string, readonly TypeClause[]>;
export type SpecTxType = keyof typeof TX_FILTERS;

/** What the screen sends (All, Bet, Win, Top-up, Withdrawal, any case) → a group; undefined = all. */
export function txFilter(value: string | undefined): SpecTxType | undefined {
  const v = (value ?? '').toLowerCase().replace(/[^a-z]/g, '');
  if (v === '' || v === 'all') return undefined;
  if (v in TX_FILTERS) return v as SpecTxType;
  return undefined;
}

export function isTxFilter(value: string | undefined): boolean {
  const v = (value ?? '').toLowerCase().replace(/[^a-z]/g, '');
  return v === '' || v === 'all' || v in TX_FILTERS;
}

/** The spec type a line answers with: the group its filter finds it in. */
export function specTxType(type: string, amountCents: bigint): SpecTxType {
  for (const [group, clauses] of Object.entries(TX_FILTERS) as [SpecTxType, readonly TypeClause[]][]) {
    for (const c of clauses) {
      if (c.type !== type) continue;
      if (!c.sign || (c.sign === 'credit') === amountCents >= 0n) return group;
    }
  }
  return amountCents >= 0n ? 'topup' : 'withdrawal';
}

export const BET_STATUSES = ['pending', 'won', 'lost', 'cancelled'] as const;
export type BetStatus = (typeof BET_STATUSES)[number];

/** All (or empty) → every status; else one of the spec's four (any case). */
export function betStatusFilter(value: string | undefined): BetStatus | undefined | null {
  const v = (value ?? '').toLowerCase();
  if (v === '' || v === 'all') return undefined;
  return (BET_STATUSES as readonly string[]).includes(v) ? (v as BetStatus) : null;
}
