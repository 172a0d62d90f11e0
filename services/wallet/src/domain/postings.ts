import { type AccountRef, accountId, bonusAccount, systemAccount, userAccount } from './accounts';
import { InvalidAmountError } from './errors';

export interface Posting {
  account: AccountRef;
  /** signed cents: positive raises the account's balance */
  amount: bigint;
}

export class UnbalancedTransactionError extends Error {
  override name = 'UnbalancedTransactionError';
}

/**
 * Merges postings to the same account, drops zero lines, and refuses anything that does not
 * balance: the ledger's first rule, checked before a single row is written.
 */
export function normalizePostings(postings: readonly Posting[]): Posting[] {
  const byAccount = new Map<string, Posting>();
  for (const p of postings) {
    const id = accountId(p.account);
    const prev = byAccount.get(id);
    byAccount.set(id, { account: p.account, amount: (prev?.amount ?? 0n) + p.amount });
  }
  const out = [...byAccount.values()].filter((p) => p.amount !== 0n);
  const sum = out.reduce((s, p) => s + p.amount, 0n);
  if (sum !== 0n) throw new UnbalancedTransactionError(`postings do not balance (sum ${sum})`);
  if (out.length === 1) throw new UnbalancedTransactionError('a transaction needs at least two postings');
  const users = out.filter((p) => p.account.kind === 'user');
  // the transaction list shows one line per transaction: it touches at most one wallet
  if (users.length > 1) throw new UnbalancedTransactionError('a transaction may touch only one user wallet');
  const bonuses = out.filter((p) => p.account.kind === 'bonus');
  if (bonuses.length > 1)
    throw new UnbalancedTransactionError('a transaction may touch only one bonus account');
  const owner = (p: Posting | undefined) => (p && p.account.kind !== 'system' ? p.account.userId : undefined);
  if (users[0] && bonuses[0] && owner(users[0]) !== owner(bonuses[0]))
    throw new UnbalancedTransactionError("a transaction may touch only one player's accounts");
  return out;
}

function positive(amount: bigint, what: string) {
  if (amount <= 0n) throw new InvalidAmountError(`${what} must be positive`);
}

/** A stake: the user's money goes into bets in play, held under the bet's reference. */
export function stakePostings(userId: string, amount: bigint): Posting[] {
  positive(amount, 'stake');
  return [
    { account: userAccount(userId), amount: -amount },
    { account: systemAccount('bets_in_play'), amount },
  ];
}

/**
 * A payout for a bet (win, refund, cash-out, aviator win). The stake still held for the bet
 * leaves bets in play; the house covers the rest (or keeps the difference when the payout is
 * smaller than the stake, e.g. an early cash-out).
 */
export function payoutPostings(userId: string, amount: bigint, heldStake: bigint): Posting[] {
  positive(amount, 'payout');
  if (heldStake < 0n) throw new UnbalancedTransactionError('held stake cannot be negative');
  return [
    { account: userAccount(userId), amount },
    { account: systemAccount('bets_in_play'), amount: -heldStake },
    { account: systemAccount('house'), amount: heldStake - amount },
  ];
}

/** A lost bet: its stake moves from bets in play to the house. */
export function lossPostings(heldStake: bigint): Posting[] {
  return [
    { account: systemAccount('bets_in_play'), amount: -heldStake },
    { account: systemAccount('house'), amount: heldStake },
  ];
}

/** Money in from the card provider. */
export function depositPostings(userId: string, amount: bigint): Posting[] {
  positive(amount, 'deposit');
  return [
    { account: systemAccount('provider_clearing'), amount: -amount },
    { account: userAccount(userId), amount },
  ];
}

/** A withdrawal request holds the money at once, so it cannot be bet away while pending. */
export function withdrawalHoldPostings(userId: string, amount: bigint): Posting[] {
  positive(amount, 'withdrawal');
  return [
    { account: userAccount(userId), amount: -amount },
    { account: systemAccount('pending_withdrawals'), amount },
  ];
}

/** Approved: the held money leaves through the payout provider. */
export function withdrawalPayoutPostings(amount: bigint): Posting[] {
  positive(amount, 'withdrawal');
  return [
    { account: systemAccount('pending_withdrawals'), amount: -amount },
    { account: systemAccount('provider_clearing'), amount },
  ];
}

/** Rejected: the held money goes back to the user. */
export function withdrawalReversalPostings(userId: string, amount: bigint): Posting[] {
  positive(amount, 'withdrawal');
  return [
    { account: systemAccount('pending_withdrawals'), amount: -amount },
    { account: userAccount(userId), amount },
  ];
}

/** Winnings repaying a debt: that much goes from the wallet back against house_receivable. */
export function debtCollectionPostings(userId: string, amount: bigint): Posting[] {
  positive(amount, 'debt collection');
  return [
    { account: userAccount(userId), amount: -amount },
    { account: systemAccount('house_receivable'), amount },
  ];
}

/** An admin's signed correction, against the house. */
export function adjustmentPostings(userId: string, amount: bigint): Posting[] {
  if (amount === 0n) throw new InvalidAmountError('Amount must be a non-zero number.');
  return [
    { account: userAccount(userId), amount },
    { account: systemAccount('house'), amount: -amount },
  ];
}

/**
 * Taking back an overpayment (a settlement corrected from won to lost). A wallet never goes
 * below zero, so the house takes what the balance covers and books the rest as owed by the
 * user (house_receivable, negative = owed to the platform).
 */
export function clawbackPostings(
  userId: string,
  amount: bigint,
  balance: bigint,
): { postings: Posting[]; taken: bigint; shortfall: bigint } {
  positive(amount, 'clawback');
  const taken = balance <= 0n ? 0n : balance < amount ? balance : amount;
  const shortfall = amount - taken;
  return {
    taken,
    shortfall,
    postings: [
      { account: userAccount(userId), amount: -taken },
      { account: systemAccount('house'), amount },
      { account: systemAccount('house_receivable'), amount: -shortfall },
    ],
  };
}

/** Bonus money granted by a promotion: from the promotions account into the player's bonus account. */
export function bonusGrantPostings(userId: string, amount: bigint): Posting[] {
  positive(amount, 'bonus');
  return [
    { account: systemAccount('promotions'), amount: -amount },
    { account: bonusAccount(userId), amount },
  ];
}

/**
 * A free bet's stake (decision wallet-008): the promotions account pays it into bets in play,
 * never the player's wallet; a win then pays the winnings only (stake not returned).
 */
export function freeBetStakePostings(amount: bigint): Posting[] {
  positive(amount, 'free bet');
  return [
    { account: systemAccount('promotions'), amount: -amount },
    { account: systemAccount('bets_in_play'), amount },
  ];
}

/**
 * A won multi's accumulator bonus (issue 33, decision betting-009): paid by the promotions
 * account into the player's wallet (cash: it is winnings), its own line beside the win.
 */
export function accaBonusPostings(userId: string, amount: bigint): Posting[] {
  positive(amount, 'acca bonus');
  return [
    { account: systemAccount('promotions'), amount: -amount },
    { account: userAccount(userId), amount },
  ];
}

/**
 * A correction taking back part of an accumulator bonus (decision betting-010): as a clawback
 * (the wallet gives what it holds, the rest is owed on house_receivable), made good to the
 * promotions account that paid the bonus, not to the house.
 */
export function accaBonusClawbackPostings(
  userId: string,
  amount: bigint,
  balance: bigint,
): { postings: Posting[]; shortfall: bigint } {
  const plan = clawbackPostings(userId, amount, balance);
  return {
    shortfall: plan.shortfall,
    postings: plan.postings.map((p) =>
      p.account.kind === 'system' && p.account.name === 'house'
        ? { ...p, account: systemAccount('promotions') }
        : p,
    ),
  };
}

/** A void free bet: its stake goes back to the promotions account (the token is given back). */
export function freeBetReturnPostings(amount: bigint): Posting[] {
  positive(amount, 'free bet return');
  return [
    { account: systemAccount('bets_in_play'), amount: -amount },
    { account: systemAccount('promotions'), amount },
  ];
}

/** Wagering met: the bonus becomes cash (and from then on can be withdrawn). */
export function bonusConversionPostings(userId: string, amount: bigint): Posting[] {
  positive(amount, 'bonus conversion');
  return [
    { account: bonusAccount(userId), amount: -amount },
    { account: userAccount(userId), amount },
  ];
}

/** Expiry or forfeiture: the bonus left goes back to the promotions account. */
export function bonusExpiryPostings(userId: string, amount: bigint): Posting[] {
  positive(amount, 'bonus expiry');
  return [
    { account: bonusAccount(userId), amount: -amount },
    { account: systemAccount('promotions'), amount },
  ];
}
