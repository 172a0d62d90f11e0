import { moneyText } from '@bet/kit/core';
import { DepositLimitError, ExcludedError } from './errors';

/** One deposit limit as identity publishes it, in cents; 0 = none. */
export interface DepositLimit {
  limit: number;
  pending: { value: number; effectiveAt: Date } | null;
}
export interface DepositLimits {
  daily: DepositLimit;
  weekly: DepositLimit;
  monthly: DepositLimit;
}
export type DepositUsage = Record<keyof DepositLimits, bigint>;

export const NO_DEPOSIT_LIMITS: DepositLimits = {
  daily: { limit: 0, pending: null },
  weekly: { limit: 0, pending: null },
  monthly: { limit: 0, pending: null },
};

/** Where each calendar window (UTC) began: today, this week (Monday), this month. */
export function depositWindows(now: Date): Record<keyof DepositLimits, Date> {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const week = new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * 86_400_000);
  const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  return { daily: day, weekly: week, monthly: month };
}

const effective = (l: DepositLimit, now: Date) =>
  l.pending && l.pending.effectiveAt.getTime() <= now.getTime() ? l.pending.value : l.limit;

const dollars = (cents: bigint) => moneyText(cents);
const WORDS = {
  daily: ['daily', 'today'],
  weekly: ['weekly', 'this week'],
  monthly: ['monthly', 'this month'],
};

/**
 * Refuses a deposit while the player is on a break, or one that would take a window past its
 * limit. `usage` counts what was deposited, or is still awaiting payment, in each window.
 */
export function checkDeposit(
  limits: DepositLimits,
  usage: DepositUsage,
  amountCents: bigint,
  excludedUntil: Date | null,
  now: Date,
): void {
  if (excludedUntil && excludedUntil.getTime() > now.getTime()) {
    const when = excludedUntil.toISOString().slice(0, 16).replace('T', ' ');
    throw new ExcludedError(
      `Your account is on a break until ${when} UTC: deposits are closed until then. You can still withdraw your balance.`,
    );
  }
  for (const w of ['daily', 'weekly', 'monthly'] as const) {
    const limit = BigInt(effective(limits[w], now));
    if (limit > 0n && usage[w] + amountCents > limit) {
      const left = limit > usage[w] ? limit - usage[w] : 0n;
      const [adj, when] = WORDS[w];
      throw new DepositLimitError(
        `This deposit would exceed your ${adj} deposit limit of ${dollars(limit)} (${dollars(usage[w])} deposited ${when}, ${dollars(left)} left).`,
      );
    }
  }
}

/** identity's dollars (event form) to cents */
export function depositLimitsFromEvent(
  view: Record<keyof DepositLimits, { limit: number; pending?: { value: number; effectiveAt: string } }>,
): DepositLimits {
  const one = (l: { limit: number; pending?: { value: number; effectiveAt: string } }): DepositLimit => ({
    limit: Math.round(l.limit * 100),
    pending: l.pending
      ? { value: Math.round(l.pending.value * 100), effectiveAt: new Date(l.pending.effectiveAt) }
      : null,
  });
  return { daily: one(view.daily), weekly: one(view.weekly), monthly: one(view.monthly) };
}
