import { moneyText } from '@bet/kit/core';
import { ExcludedError, WeeklyBetCountLimitError, WeeklyStakeLimitError } from './errors';

/** One responsible-gambling limit as identity publishes it; 0 disables it. */
export interface LimitSetting {
  limit: number;
  /** an increase or removal waiting out its cooling-off period */
  pending?: { value: number; effectiveAt: Date } | null;
}

export interface UserLimits {
  /** bets per week */
  betCount: LimitSetting;
  /** stake per week, in cents */
  stakeCents: LimitSetting;
}

export interface WeekUsage {
  bets: number;
  stakeCents: bigint;
}

/** The limit in force at `now`: a pending change applies only once it is due. */
export function effectiveLimit(setting: LimitSetting, now: Date): number {
  if (setting.pending && setting.pending.effectiveAt.getTime() <= now.getTime()) return setting.pending.value;
  return setting.limit;
}

/** The usage of a week with nothing placed yet. */
export const NO_USAGE: Readonly<WeekUsage> = Object.freeze({ bets: 0, stakeCents: 0n });

/** Whether either weekly limit is in force at `now`; without one the week's usage is not needed. */
export function anyWeeklyLimit(limits: UserLimits, now: Date): boolean {
  return effectiveLimit(limits.betCount, now) > 0 || effectiveLimit(limits.stakeCents, now) > 0;
}

const dollars = (cents: bigint) => moneyText(cents);

/**
 * Refuses a placement that would take the week's bets or stakes past the user's limits.
 * `add` is what this placement adds: singles count as one bet each.
 */
export function checkWeeklyLimits(limits: UserLimits, usage: WeekUsage, add: WeekUsage, now: Date): void {
  const count = effectiveLimit(limits.betCount, now);
  if (count > 0 && usage.bets + add.bets > count) {
    const left = Math.max(0, count - usage.bets);
    throw new WeeklyBetCountLimitError(
      `This would exceed your weekly limit of ${count} bet${count === 1 ? '' : 's'} (${usage.bets} placed this week, ${left} left).`,
    );
  }
  const stake = BigInt(Math.round(effectiveLimit(limits.stakeCents, now)));
  if (stake > 0n && usage.stakeCents + add.stakeCents > stake) {
    const left = stake > usage.stakeCents ? stake - usage.stakeCents : 0n;
    throw new WeeklyStakeLimitError(
      `This would exceed your weekly stake limit of ${dollars(stake)} (${dollars(usage.stakeCents)} staked this week, ${dollars(left)} left).`,
    );
  }
}

/**
 * A player on a time-out or self-exclusion places nothing (sportsbook or Aviator) until it
 * ends; the money already in the wallet stays theirs to withdraw.
 */
export function checkNotExcluded(excludedUntil: Date | null, now: Date): void {
  if (!excludedUntil || excludedUntil.getTime() <= now.getTime()) return;
  const when = excludedUntil.toISOString().slice(0, 16).replace('T', ' ');
  throw new ExcludedError(
    `Your account is on a break from betting until ${when} UTC. You can still withdraw your balance.`,
  );
}
