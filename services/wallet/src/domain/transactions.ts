import {
  type SpecTxType,
  STAKE_TX_TYPES,
  TX_GROUPS,
  type TypeClause,
  WALLET_TX_TYPES,
  WINNING_TX_TYPES,
} from '@bet/proto-events';
/** Types a user sees on their statement (the catalogue's wallet transaction types). */
export const USER_TX_TYPES = WALLET_TX_TYPES;
export type UserTxType = (typeof USER_TX_TYPES)[number];

/** Movements between the platform's own accounts; they never appear on a statement. */
export const INTERNAL_TX_TYPES = [
  'stake_lost',
  'withdrawal_payout',
  // a free bet's stake and its return on a void (decision wallet-008): the player's wallet is not in them
  'free_bet_stake',
  'free_bet_return',
] as const;
export type InternalTxType = (typeof INTERNAL_TX_TYPES)[number];
export type TxType = UserTxType | InternalTxType;

export const TYPE_FILTERS = ['all', ...USER_TX_TYPES] as const;

/** What a `type` filter selects: a spec group (proto-events' `TX_GROUPS`, one vocabulary with admin and the web), or one ledger type by name; undefined = everything. */
export function typesForFilter(filter: string | undefined): readonly TypeClause[] | undefined {
  if (!filter || filter === 'all') return undefined;
  if (Object.hasOwn(TX_GROUPS, filter)) return TX_GROUPS[filter as SpecTxType];
  if ((USER_TX_TYPES as readonly string[]).includes(filter)) return [{ type: filter as UserTxType }];
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
  totalWinnings: WINNING_TX_TYPES,
  totalBetsPlaced: STAKE_TX_TYPES,
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
