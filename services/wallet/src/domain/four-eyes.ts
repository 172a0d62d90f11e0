import { moneyText } from '@bet/kit/core';

/**
 * Four-eyes rules on the money admins move (issue 30). Amounts in cents, thresholds in dollars
 * as configured.
 */
const cents = (dollars: number) => BigInt(Math.round(dollars * 100));
const abs = (v: bigint) => (v < 0n ? -v : v);

/**
 * An adjustment (or a closed wallet's payout) needs a second admin when it takes what this
 * admin moved on this wallet today above the threshold: splitting a large credit into small
 * ones does not avoid the second pair of eyes.
 */
export function needsSecondAdmin(movedTodayCents: bigint, amountCents: bigint, thresholdDollars: number) {
  return movedTodayCents + abs(amountCents) > cents(thresholdDollars);
}

/**
 * A withdrawal is funded by adjustments when the wallet could not have paid it without the
 * admin credits it received since its last approved withdrawal.
 */
export function fundedByAdjustments(f: {
  amountCents: bigint;
  creditedCents: bigint;
  balanceBeforeCents: bigint;
}): boolean {
  return f.creditedCents > 0n && f.amountCents > f.balanceBeforeCents - f.creditedCents;
}

/** Two approvals by two admins: above the threshold, or when admin credits pay for it. */
export function withdrawalNeedsTwoApprovals(
  f: { amountCents: bigint; creditedCents: bigint; balanceBeforeCents: bigint },
  thresholdDollars: number,
): boolean {
  return f.amountCents > cents(thresholdDollars) || fundedByAdjustments(f);
}

export const OWN_CREDIT =
  'You credited this account; another admin must approve a withdrawal paid from that credit.';
export const SECOND_APPROVAL_NEEDED =
  'Your approval is recorded; a second admin must approve this withdrawal before it is paid.';
export const ALREADY_APPROVED_ONCE = 'You already approved this withdrawal; a second admin must approve it.';
export const approvalDebtMessage = (cents: bigint) =>
  `This player owes ${moneyText(cents)} from a corrected bet result; the withdrawal cannot be approved until it is repaid.`;
