import { WALLET_TX_TYPES } from '@bet/proto-events';
/** Types a user sees on their statement (the catalogue's wallet transaction types). */
export const USER_TX_TYPES = WALLET_TX_TYPES;
export type UserTxType = (typeof USER_TX_TYPES)[number];

/** Movements between the platform's own accounts; they never appear on a statement. */
export const INTERNAL_TX_TYPES = ['stake_lost', 'withdrawal_payout'] as const;
export type InternalTxType = (typeof INTERNAL_TX_TYPES)[number];
export type TxType = UserTxType | InternalTxType;

/** The spec's transaction types (spec 001 §3): the only values of a transaction's `type`. */
export const SPEC_TX_TYPES = ['bet', 'win', 'topup', 'withdrawal'] as const;
export type SpecTxType = (typeof SPEC_TX_TYPES)[number];

/** One ledger type, or one sign of it (an adjustment is a top-up or a withdrawal by its sign). */
export interface TypeClause {
  type: UserTxType;
  sign?: 'credit' | 'debit';
}

/**
 * The spec's filters (All, Bet, Win, Top-up, Withdrawal) over our ledger: every type sits in
 * exactly one group, so each transaction is reachable through them. A refund and a withdrawal
 * reversal undo a bet and a withdrawal, so they sit with what they undo; a cash-out and an
 * Aviator win are winnings; an admin's adjustment is a top-up when it credits and a
 * withdrawal when it debits (docs/api-conventions.md, "Values beyond the spec's enumerations").
 */
export const FILTER_GROUPS = {
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
} as const satisfies Record<SpecTxType, readonly TypeClause[]>;
export type FilterGroup = keyof typeof FILTER_GROUPS;

export const TYPE_FILTERS = ['all', ...USER_TX_TYPES] as const;

/** What a `type` filter selects: a spec group, or one ledger type by name; undefined = everything. */
export function typesForFilter(filter: string | undefined): readonly TypeClause[] | undefined {
  if (!filter || filter === 'all') return undefined;
  if (filter in FILTER_GROUPS) return FILTER_GROUPS[filter as FilterGroup];
  if ((USER_TX_TYPES as readonly string[]).includes(filter)) return [{ type: filter as UserTxType }];
  return undefined;
}

/** The spec type a transaction answers with: the group its filter finds it in. */
export function specTxType(type: string, amount: bigint): SpecTxType {
  for (const [group, clauses] of Object.entries(FILTER_GROUPS) as [SpecTxType, readonly TypeClause[]][]) {
    for (const c of clauses) {
      if (c.type !== type) continue;
      if (!c.sign || (c.sign === 'credit') === amount >= 0n) return group;
    }
  }
  // a type the catalogue adds later without a group: by the direction of the money
  return amount >= 0n ? 'topup' : 'withdrawal';
}

export interface TypeTotal {
  type: string;
  count: number;
  /** signed cents, as posted to the wallet */
  amount: bigint;
}

export interface WalletSummary {
  totalTopUps: { amount: bigint; count: number };
  totalWinnings: { amount: bigint; count: number };
  totalBetsPlaced: { amount: bigint; count: number };
}

const SUMMARY: Record<keyof WalletSummary, readonly string[]> = {
  totalTopUps: ['topup'],
  totalWinnings: ['win', 'cashout', 'aviator_win'],
  totalBetsPlaced: ['bet', 'aviator_bet'],
};

/** Summary cards: amounts are magnitudes (stakes shown as a positive total). */
export function summarize(totals: readonly TypeTotal[]): WalletSummary {
  const pick = (types: readonly string[]) => {
    let amount = 0n;
    let count = 0;
    for (const t of totals) {
      if (!types.includes(t.type)) continue;
      amount += t.amount < 0n ? -t.amount : t.amount;
      count += t.count;
    }
    return { amount, count };
  };
  return {
    totalTopUps: pick(SUMMARY.totalTopUps),
    totalWinnings: pick(SUMMARY.totalWinnings),
    totalBetsPlaced: pick(SUMMARY.totalBetsPlaced),
  };
}
