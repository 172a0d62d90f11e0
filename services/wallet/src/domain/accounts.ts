/**
 * The accounts of the ledger. A user's wallet is the account named by the user's id; the
 * platform's own accounts have fixed names. Signs: a positive balance is what the platform
 * owes the holder, so real-world assets (cash at the provider, money users owe) are negative.
 */
export const SYSTEM_ACCOUNTS = [
  'house',
  'bets_in_play',
  'pending_withdrawals',
  'provider_clearing',
  'house_receivable',
  // what promotions cost: bonus money granted comes from here, forfeited bonus returns here
  'promotions',
] as const;
export type SystemAccount = (typeof SYSTEM_ACCOUNTS)[number];

/**
 * A player has two kept-balance accounts: the cash wallet (named by the user id) and the bonus
 * account (`bonus:<userId>`, decision wallet-007): bonus money can be staked, never withdrawn.
 */
export type AccountRef =
  | { kind: 'user'; userId: string }
  | { kind: 'bonus'; userId: string }
  | { kind: 'system'; name: SystemAccount };

export const userAccount = (userId: string): AccountRef => ({ kind: 'user', userId });
export const bonusAccount = (userId: string): AccountRef => ({ kind: 'bonus', userId });
export const bonusAccountId = (userId: string): string => `bonus:${userId}`;
export const systemAccount = (name: SystemAccount): AccountRef => ({ kind: 'system', name });

export function accountId(ref: AccountRef): string {
  if (ref.kind === 'user') return ref.userId;
  if (ref.kind === 'bonus') return bonusAccountId(ref.userId);
  return ref.name;
}

export function isSystemAccount(id: string): id is SystemAccount {
  return (SYSTEM_ACCOUNTS as readonly string[]).includes(id);
}
