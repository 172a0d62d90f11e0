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
] as const;
export type SystemAccount = (typeof SYSTEM_ACCOUNTS)[number];

export type AccountRef = { kind: 'user'; userId: string } | { kind: 'system'; name: SystemAccount };

export const userAccount = (userId: string): AccountRef => ({ kind: 'user', userId });
export const systemAccount = (name: SystemAccount): AccountRef => ({ kind: 'system', name });

export function accountId(ref: AccountRef): string {
  return ref.kind === 'user' ? ref.userId : ref.name;
}

export function isSystemAccount(id: string): id is SystemAccount {
  return (SYSTEM_ACCOUNTS as readonly string[]).includes(id);
}
