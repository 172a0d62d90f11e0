/**
 * Player protection beyond the weekly bet limits (UKGC / MGA practice): a time-out or a
 * self-exclusion that nobody can lift early, deposit limits with the same cooling-off rule as
 * the bet limits, and the reality-check interval the player chose.
 */
import { type LimitState, requestLimit, settleLimit } from './limits';

export type ExclusionKind = 'time_out' | 'self_exclusion';

export const EXCLUSION_PERIODS = {
  time_out: { '24h': { hours: 24 }, '7d': { hours: 7 * 24 }, '30d': { hours: 30 * 24 } },
  self_exclusion: { '6m': { months: 6 }, '1y': { months: 12 }, '5y': { months: 60 } },
} as const;
export type ExclusionPeriod =
  | keyof (typeof EXCLUSION_PERIODS)['time_out']
  | keyof (typeof EXCLUSION_PERIODS)['self_exclusion'];

/** minutes between reality checks the player may choose; 0 = off */
export const REALITY_CHECK_CHOICES = [0, 15, 30, 45, 60, 90, 120] as const;

export interface Exclusion {
  kind: ExclusionKind;
  startedAt: Date;
  until: Date;
}

export interface DepositLimits {
  /** cents per calendar day / week (Monday) / month, UTC; 0 = none */
  daily: LimitState;
  weekly: LimitState;
  monthly: LimitState;
}

export interface Protection {
  exclusion: Exclusion | null;
  deposit: DepositLimits;
  realityCheckMinutes: number;
}

const NONE: LimitState = { limit: 0, pending: null };
export const NO_PROTECTION: Protection = {
  exclusion: null,
  deposit: { daily: NONE, weekly: NONE, monthly: NONE },
  realityCheckMinutes: 0,
};

export function isExclusionPeriod(kind: ExclusionKind, period: string): period is ExclusionPeriod {
  return Object.hasOwn(EXCLUSION_PERIODS[kind], period);
}

/** `now` plus the period: hours exactly, months by the calendar (UTC), clamped to the month's end. */
export function periodEnd(kind: ExclusionKind, period: ExclusionPeriod, now: Date): Date {
  const p = (EXCLUSION_PERIODS[kind] as Record<string, { hours?: number; months?: number }>)[period];
  if (!p) throw new RangeError(`unknown ${kind} period ${period}`);
  if (p.hours) return new Date(now.getTime() + p.hours * 3_600_000);
  const d = new Date(now.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + (p.months ?? 0));
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

export function activeExclusion(p: Protection, now: Date): Exclusion | null {
  return p.exclusion && p.exclusion.until.getTime() > now.getTime() ? p.exclusion : null;
}

/**
 * A new time-out or self-exclusion. It can only make the break longer or stronger, never
 * shorter: asking for less than what runs already changes nothing, and a self-exclusion
 * stays one even if a longer time-out is added to it.
 */
export function requestExclusion(
  p: Protection,
  kind: ExclusionKind,
  period: ExclusionPeriod,
  now: Date,
): Protection {
  const until = periodEnd(kind, period, now);
  const current = activeExclusion(p, now);
  if (!current) return { ...p, exclusion: { kind, startedAt: now, until } };
  const strongest: ExclusionKind =
    current.kind === 'self_exclusion' || kind === 'self_exclusion' ? 'self_exclusion' : 'time_out';
  const later = until.getTime() > current.until.getTime() ? until : current.until;
  return { ...p, exclusion: { kind: strongest, startedAt: current.startedAt, until: later } };
}

export function requestDepositLimits(
  p: Protection,
  requested: { daily: number; weekly: number; monthly: number },
  now: Date,
  coolingOffMs: number,
): Protection {
  const d = settleProtection(p, now).deposit;
  return {
    ...p,
    deposit: {
      daily: requestLimit(d.daily, requested.daily, now, coolingOffMs),
      weekly: requestLimit(d.weekly, requested.weekly, now, coolingOffMs),
      monthly: requestLimit(d.monthly, requested.monthly, now, coolingOffMs),
    },
  };
}

/** Due deposit-limit loosenings applied; an exclusion that has run out dropped. */
export function settleProtection(p: Protection, now: Date): Protection {
  return {
    ...p,
    exclusion: activeExclusion(p, now),
    deposit: {
      daily: settleLimit(p.deposit.daily, now),
      weekly: settleLimit(p.deposit.weekly, now),
      monthly: settleLimit(p.deposit.monthly, now),
    },
  };
}

export function exclusionMessage(e: Exclusion): string {
  const when = e.until.toISOString().slice(0, 16).replace('T', ' ');
  const what = e.kind === 'self_exclusion' ? 'self-excluded' : 'on a time-out';
  return `Your account is ${what} until ${when} UTC. You can still withdraw your balance.`;
}

/** The API and event shape: dollars, ISO dates. */
export function protectionView(p: Protection) {
  const view = (l: LimitState) => ({
    limit: l.limit / 100,
    ...(l.pending
      ? { pending: { value: l.pending.value / 100, effectiveAt: l.pending.effectiveAt.toISOString() } }
      : {}),
  });
  return {
    exclusion: p.exclusion
      ? {
          kind: p.exclusion.kind,
          startedAt: p.exclusion.startedAt.toISOString(),
          until: p.exclusion.until.toISOString(),
        }
      : null,
    depositLimits: {
      daily: view(p.deposit.daily),
      weekly: view(p.deposit.weekly),
      monthly: view(p.deposit.monthly),
    },
    realityCheckMinutes: p.realityCheckMinutes,
  };
}

/** Stored form (a JSON column): the same as the view but in cents. */
export function protectionToJson(p: Protection): string {
  const l = (s: LimitState) => ({
    limit: s.limit,
    pending: s.pending ? { value: s.pending.value, effectiveAt: s.pending.effectiveAt.toISOString() } : null,
  });
  return JSON.stringify({
    exclusion: p.exclusion
      ? {
          kind: p.exclusion.kind,
          startedAt: p.exclusion.startedAt.toISOString(),
          until: p.exclusion.until.toISOString(),
        }
      : null,
    deposit: { daily: l(p.deposit.daily), weekly: l(p.deposit.weekly), monthly: l(p.deposit.monthly) },
    realityCheckMinutes: p.realityCheckMinutes,
  });
}

export function protectionFromJson(raw: unknown): Protection {
  const j = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Record<string, any> | null;
  if (!j || typeof j !== 'object') return NO_PROTECTION;
  const l = (s: any): LimitState =>
    s && typeof s.limit === 'number'
      ? {
          limit: s.limit,
          pending: s.pending
            ? { value: s.pending.value, effectiveAt: new Date(s.pending.effectiveAt) }
            : null,
        }
      : NONE;
  return {
    exclusion: j.exclusion
      ? {
          kind: j.exclusion.kind,
          startedAt: new Date(j.exclusion.startedAt),
          until: new Date(j.exclusion.until),
        }
      : null,
    deposit: { daily: l(j.deposit?.daily), weekly: l(j.deposit?.weekly), monthly: l(j.deposit?.monthly) },
    realityCheckMinutes: typeof j.realityCheckMinutes === 'number' ? j.realityCheckMinutes : 0,
  };
}
