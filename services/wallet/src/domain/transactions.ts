import { WALLET_TX_TYPES } from '@bet/proto-events';
/** Types a user sees on their statement (the catalogue's wallet transaction types). */
export const USER_TX_TYPES = WALLET_TX_TYPES;
export type UserTxType = (typeof USER_TX_TYPES)[number];

/** Movements between the platform's own accounts; they never appear on a statement. */
export const INTERNAL_TX_TYPES = ['stake_lost', 'withdrawal_payout'] as const;
export type InternalTxType = (typeof INTERNAL_TX_TYPES)[number];
export type TxType = UserTxType | InternalTxType;

/**
 * The admin screen filters on four words (Bet, Win, Top-up, Withdrawal). Each covers the
 * ledger types that belong to it: a refund and a withdrawal reversal undo a bet and a
 * withdrawal, so they sit with what they undo; a cash-out and an Aviator win are winnings.
 */
export const FILTER_GROUPS = {
  bet: ['bet', 'aviator_bet', 'refund'],
  win: ['win', 'cashout', 'aviator_win'],
  topup: ['topup'],
  withdrawal: ['withdrawal', 'withdrawal_reversal'],
} as const satisfies Record<string, readonly UserTxType[]>;
export type FilterGroup = keyof typeof FILTER_GROUPS;

export const TYPE_FILTERS = ['all', ...USER_TX_TYPES] as const;

/** The ledger types a `type` filter selects; undefined = no filter. */
export function typesForFilter(filter: string | undefined): readonly UserTxType[] | undefined {
  if (!filter || filter === 'all') return undefined;
  if (filter in FILTER_GROUPS) return FILTER_GROUPS[filter as FilterGroup];
  if ((USER_TX_TYPES as readonly string[]).includes(filter)) return [filter as UserTxType];
  return undefined;
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

export function totalPages(count: number, limit: number): number {
  return Math.max(1, Math.ceil(count / limit));
}
