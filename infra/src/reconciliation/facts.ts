/** The facts both the betting/wallet checks and the Aviator checks read (kept apart so neither imports the other). */

export interface WalletKeyFact {
  key: string;
  /** what the movement did to the user's wallet (negative for a stake) */
  userAmount: bigint;
  at: Date;
}

export interface HoldFact {
  reference: string;
  userId: string;
  amountCents: bigint;
  at: Date;
}

export interface PlatformCheck {
  name: string;
  description: string;
  checked: number;
  /** the first violations, described (a long list is cut: see `found`) */
  violations: string[];
  /** how many violations were found */
  found: number;
  ok: boolean;
}
