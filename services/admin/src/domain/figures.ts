import { STAKE_TX_TYPES, WINNING_TX_TYPES } from '@bet/proto-events';

/**
 * What the dashboard's money figures count, from the wallet's own transaction types
 * (wallet.transaction_posted): sports bets and Aviator alike, because both are stakes the
 * house takes and both pay out through the same ledger.
 *
 * - stakes: what players staked, net of refunds (a refunded stake was never at risk):
 *   −Σ amount of `bet`, `aviator_bet` and `refund` lines.
 * - payouts: what the house paid back on stakes: Σ amount of `win`, `cashout` and
 *   `aviator_win` lines (a settlement correction posts a negative line and lowers it).
 * - revenue: stakes − payouts, i.e. what players lost on betting.
 * Deposits, withdrawals and admin adjustments are movements of the players' own money and
 * count in none of them. Beside the spec's three (issue 34 item 7), the dashboard also counts:
 * - deposits: Σ amount of `topup` lines (money players paid in);
 * - withdrawals: −Σ amount of `withdrawal` and `withdrawal_reversal` lines (requested and not
 *   given back on a rejection);
 * - Aviator revenue: −Σ amount of `aviator_bet` and `aviator_win` lines (what the crash game
 *   kept of its stakes).
 */
export const STAKE_TYPES = [...STAKE_TX_TYPES, 'refund'] as const;
export const PAYOUT_TYPES = WINNING_TX_TYPES;
/** a user who posted one of these on a day was active (placed a sports or Aviator bet) */
export const ACTIVITY_TYPES = STAKE_TX_TYPES;

export interface MoneyFigures {
  stakesCents: bigint;
  payoutsCents: bigint;
  revenueCents: bigint;
}

export interface CashFigures {
  depositsCents: bigint;
  withdrawalsCents: bigint;
  aviatorRevenueCents: bigint;
}

export const DEPOSIT_TYPES = ['topup'] as const;
export const WITHDRAWAL_TYPES = ['withdrawal', 'withdrawal_reversal'] as const;
export const AVIATOR_TYPES = ['aviator_bet', 'aviator_win'] as const;

const sumOf = (totals: ReadonlyMap<string, bigint>, types: readonly string[]) =>
  types.reduce((acc, t) => acc + (totals.get(t) ?? 0n), 0n);

/** Figures from signed ledger totals per transaction type. */
export function moneyFigures(totals: ReadonlyMap<string, bigint>): MoneyFigures {
  const stakesCents = -sumOf(totals, STAKE_TYPES);
  const payoutsCents = sumOf(totals, PAYOUT_TYPES);
  return { stakesCents, payoutsCents, revenueCents: stakesCents - payoutsCents };
}

/** The players' money in and out, and Aviator's result, from the same totals. */
export function cashFigures(totals: ReadonlyMap<string, bigint>): CashFigures {
  return {
    depositsCents: sumOf(totals, DEPOSIT_TYPES),
    withdrawalsCents: -sumOf(totals, WITHDRAWAL_TYPES),
    aviatorRevenueCents: -sumOf(totals, AVIATOR_TYPES),
  };
}

/** The UTC calendar day of an instant, as Postgres `date` text (YYYY-MM-DD). */
export function dayOf(at: Date | string): string {
  return new Date(at).toISOString().slice(0, 10);
}

/** Every day from `from` to `to` (inclusive, YYYY-MM-DD), so a chart has no gaps. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  const end = Date.parse(`${to}T00:00:00Z`);
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= end; t += 86_400_000) days.push(dayOf(new Date(t)));
  return days;
}

export interface DayTotals {
  day: string;
  type: string;
  amountCents: bigint;
}

export interface DayFigures extends MoneyFigures {
  day: string;
  activeUsers: number;
}

/** One row per day of the range, zeros where nothing happened. */
export function dailyFigures(
  days: readonly string[],
  totals: readonly DayTotals[],
  active: ReadonlyMap<string, number>,
): DayFigures[] {
  const byDay = new Map<string, Map<string, bigint>>();
  for (const t of totals) {
    let m = byDay.get(t.day);
    if (!m) {
      m = new Map();
      byDay.set(t.day, m);
    }
    m.set(t.type, (m.get(t.type) ?? 0n) + t.amountCents);
  }
  return days.map((day) => ({
    day,
    ...moneyFigures(byDay.get(day) ?? new Map()),
    activeUsers: active.get(day) ?? 0,
  }));
}
