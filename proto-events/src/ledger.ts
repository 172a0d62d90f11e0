/**
 * The ledger's vocabulary that the wallet, admin and the web must agree on: the types of a
 * statement line, the spec's four groups over them, and which types are winnings or stakes.
 * Plain data, no schema library, so the web can take it (`@bet/proto-events/ledger`) without
 * the catalogue.
 */

/** Every type a line of a user's wallet statement can have. */
export const WALLET_TX_TYPES = [
  'topup',
  'bet',
  'win',
  'refund',
  'cashout',
  'withdrawal',
  'withdrawal_reversal',
  'adjustment',
  'aviator_bet',
  'aviator_win',
  // issue 33: bonus money (decision wallet-007). A grant and an expiry move the player's bonus
  // account only, a conversion turns bonus into cash.
  'bonus_grant',
  'bonus_conversion',
  'bonus_expiry',
  // issue 33 (decision betting-009): a won multi's accumulator bonus, paid by the promotions account
  'acca_bonus',
] as const;
export type WalletTxType = (typeof WALLET_TX_TYPES)[number];

/** The spec's transaction types (spec 001 §3): the only values of an answered line's `type`. */
export const SPEC_TX_TYPES = ['bet', 'win', 'topup', 'withdrawal'] as const;
export type SpecTxType = (typeof SPEC_TX_TYPES)[number];

/** What a player won: a settled win, a cash-out, an Aviator win (a refund only gives a stake back). */
export const WINNING_TX_TYPES = [
  'win',
  'cashout',
  'aviator_win',
  'acca_bonus',
] as const satisfies readonly WalletTxType[];
/** What a player staked: a sports bet, an Aviator bet. */
export const STAKE_TX_TYPES = ['bet', 'aviator_bet'] as const satisfies readonly WalletTxType[];

/** One ledger type, or one sign of it (an adjustment is a top-up or a withdrawal by its sign). */
export interface TypeClause {
  type: WalletTxType;
  sign?: 'credit' | 'debit';
}

/**
 * The spec's filters (All, Bet, Win, Top-up, Withdrawal) over the ledger: every type sits in
 * exactly one group, so each line is reachable through them. A refund and a withdrawal
 * reversal undo a bet and a withdrawal, so they sit with what they undo; the winnings are the
 * Win group; an admin's adjustment is a top-up when it credits and a withdrawal when it debits
 * (docs/api-conventions.md, "Values beyond the spec's enumerations").
 */
export const TX_GROUPS = {
  bet: [...STAKE_TX_TYPES.map((type) => ({ type })), { type: 'refund' }],
  win: WINNING_TX_TYPES.map((type) => ({ type })),
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

/** The spec type a line answers with: the group its filter finds it in. */
export function specTxType(type: string, amountCents: bigint): SpecTxType {
  for (const group of SPEC_TX_TYPES) {
    for (const c of TX_GROUPS[group] as readonly TypeClause[]) {
      if (c.type !== type) continue;
      if (!c.sign || (c.sign === 'credit') === amountCents >= 0n) return group;
    }
  }
  // a type added later without a group: by the direction of the money
  return amountCents >= 0n ? 'topup' : 'withdrawal';
}
