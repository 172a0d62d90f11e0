import { moneyText, parseMoney } from '@bet/kit/core';
import {
  AutoDecimalsError,
  AutoNotANumberError,
  AutoTooHighError,
  AutoTooLowError,
  PanelInvalidError,
  PanelTakenError,
  StakeAboveMaxError,
  StakeBelowMinError,
  StakeDecimalsError,
  StakeNotANumberError,
  StakeNotPositiveError,
  StakeRequiredError,
  ThirdBetError,
} from './errors';
import { multiplierAt, payoutOf } from './multiplier';

export const PANELS = [1, 2] as const;
export type Panel = (typeof PANELS)[number];
export const MIN_AUTO_CASH_OUT = 101;
export const MAX_BETS_PER_ROUND = 2;

export interface StakeRules {
  minStakeCents: bigint;
  maxStakeCents: bigint;
}

const dollars = (cents: bigint) => moneyText(cents);

/** A stake as the player typed it → cents, or a refusal saying what is wrong with it. */
export function parseStake(input: unknown, rules: StakeRules): bigint {
  if (input === undefined || input === null || input === '')
    throw new StakeRequiredError('Please enter a stake.');
  const parsed = parseMoney(input);
  if (!parsed.ok) {
    throw parsed.reason === 'too_many_decimals'
      ? new StakeDecimalsError('The stake can have at most two decimals.')
      : new StakeNotANumberError('The stake must be a number, e.g. 10 or 2.50.');
  }
  if (parsed.cents <= 0n) throw new StakeNotPositiveError('The stake must be greater than 0.');
  if (parsed.cents < rules.minStakeCents)
    throw new StakeBelowMinError(`The minimum stake is ${dollars(rules.minStakeCents)}.`);
  if (parsed.cents > rules.maxStakeCents)
    throw new StakeAboveMaxError(`The maximum stake is ${dollars(rules.maxStakeCents)}.`);
  return parsed.cents;
}

/** An optional auto cash-out multiplier → hundredths (null: none). */
export function parseAutoCashOut(input: unknown): number | null {
  if (input === undefined || input === null || input === '') return null;
  const n = typeof input === 'string' && /^\d+(\.\d+)?$/.test(input) ? Number(input) : input;
  if (typeof n !== 'number' || !Number.isFinite(n))
    throw new AutoNotANumberError('The auto cash-out must be a multiplier such as 2 or 1.50.');
  const h = Math.round(n * 100);
  if (Math.abs(h / 100 - n) > 1e-9)
    throw new AutoDecimalsError('The auto cash-out can have at most two decimals.');
  if (h < MIN_AUTO_CASH_OUT) throw new AutoTooLowError('The auto cash-out must be at least 1.01x.');
  if (h > 100_000_000) throw new AutoTooHighError('The auto cash-out can be at most 1000000x.');
  return h;
}

/** The panel of the bet: the one asked for, or the first free one. */
export function choosePanel(input: unknown, taken: readonly number[]): Panel {
  if (taken.length >= MAX_BETS_PER_ROUND)
    throw new ThirdBetError('You can place at most two bets per round.');
  if (input === undefined || input === null) {
    const free = PANELS.find((p) => !taken.includes(p));
    return free!;
  }
  if (input !== 1 && input !== 2 && input !== '1' && input !== '2')
    throw new PanelInvalidError('The panel must be 1 or 2.');
  const panel = Number(input) as Panel;
  if (taken.includes(panel))
    throw new PanelTakenError(`You already have a bet on panel ${panel} in this round.`);
  return panel;
}

/** The multiplier (hundredths) at which the biggest win of one bet is reached: its forced cash-out. */
export function maxWinMultiplier(stakeCents: bigint, maxWinCents: bigint): number {
  return Number((maxWinCents * 100n) / stakeCents);
}

export interface FlyingBet {
  id: string;
  stakeCents: bigint;
  /** where the bet leaves by itself: its auto cash-out and its max win, the lower */
  targetH: number | null;
}

/**
 * The multiplier (hundredths) at which the round's open liability — what was already paid
 * plus what the bets still in the air would be paid, each up to its own exit — reaches
 * `capCents`: the remaining bets are cashed out there. Computed at lift-off, and again when
 * players leave by hand (a bet paid early frees room, so the others may fly further).
 * null: the cap is never reached.
 */
export function roundCapMultiplier(
  bets: readonly FlyingBet[],
  capCents: bigint,
  paidCents = 0n,
): number | null {
  if (bets.length === 0) return null;
  capCents -= paidCents;
  if (capCents <= 0n) return 100;
  const liabilityAt = (m: number) =>
    bets.reduce(
      (sum, b) => sum + payoutOf(b.stakeCents, b.targetH !== null && b.targetH <= m ? b.targetH : m),
      0n,
    );
  const highest = Math.max(...bets.map((b) => b.targetH ?? Number.POSITIVE_INFINITY));
  if (Number.isFinite(highest) && liabilityAt(highest) < capCents) return null;
  if (liabilityAt(100) >= capCents) return 100;
  // liability grows with m: binary search for the first hundredth at which it reaches the cap
  let lo = 100;
  let hi = Number.isFinite(highest) ? highest : 2 ** 52;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (liabilityAt(mid) >= capCents) hi = mid;
    else lo = mid;
  }
  return hi;
}

/** Where a bet leaves on its own in a round capped at `capH` (null: only by hand or the crash). */
export function effectiveTarget(targetH: number | null, capH: number | null): number | null {
  if (targetH === null) return capH;
  if (capH === null) return targetH;
  return Math.min(targetH, capH);
}

export type CashOutDecision =
  | { ok: true; multiplier: number; payoutCents: bigint }
  | { ok: false; reason: 'crashed' | 'not_running' };

/**
 * A cash-out asked at `now` is decided by server time alone: the multiplier at that instant
 * (or the bet's own target, if the flight already passed it) when it is below the crash point.
 */
export function decideCashOut(
  bet: { stakeCents: bigint; targetH: number | null },
  round: { startedAt: number | null; crashPoint: number },
  now: number,
): CashOutDecision {
  if (round.startedAt === null || now < round.startedAt) return { ok: false, reason: 'not_running' };
  let m = multiplierAt(now - round.startedAt);
  if (bet.targetH !== null && bet.targetH <= m) m = bet.targetH;
  if (m >= round.crashPoint) return { ok: false, reason: 'crashed' };
  return { ok: true, multiplier: m, payoutCents: payoutOf(bet.stakeCents, m) };
}

/** How a bet still in the air ends when its round crashes. */
export function settleAtCrash(
  bet: { stakeCents: bigint; targetH: number | null },
  crashPoint: number,
): { won: true; multiplier: number; payoutCents: bigint } | { won: false } {
  if (bet.targetH !== null && bet.targetH < crashPoint)
    return { won: true, multiplier: bet.targetH, payoutCents: payoutOf(bet.stakeCents, bet.targetH) };
  return { won: false };
}
