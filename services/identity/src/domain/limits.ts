/**
 * Responsible-gambling limits. A limit of 0 means "no limit". Making a limit stricter
 * applies at once; loosening it (a higher number, or 0 = removing it) waits out a
 * cooling-off period and is shown as pending meanwhile.
 */
export interface PendingChange {
  value: number;
  effectiveAt: Date;
}

export interface LimitState {
  /** bet count, or stake in integer cents */
  limit: number;
  pending: PendingChange | null;
}

export interface Limits {
  betCount: LimitState;
  stakeCents: LimitState;
}

export const NO_LIMITS: Limits = {
  betCount: { limit: 0, pending: null },
  stakeCents: { limit: 0, pending: null },
};

/** how strict a value is: 0 (no limit) is the loosest of all */
const looseness = (v: number) => (v === 0 ? Number.POSITIVE_INFINITY : v);

/**
 * The state after the user asks for `requested`. Asking for the current value (or anything
 * stricter) applies at once and drops any pending loosening: the request says what the user
 * wants now. Asking again for the value already pending keeps the original effective time,
 * so re-saving the form does not restart the cooling-off.
 */
export function requestLimit(
  current: LimitState,
  requested: number,
  now: Date,
  coolingOffMs: number,
): LimitState {
  if (!Number.isInteger(requested) || requested < 0)
    throw new RangeError('limit must be a non-negative integer');
  if (looseness(requested) <= looseness(current.limit)) return { limit: requested, pending: null };
  if (coolingOffMs <= 0) return { limit: requested, pending: null };
  if (current.pending && current.pending.value === requested) return current;
  return {
    limit: current.limit,
    pending: { value: requested, effectiveAt: new Date(now.getTime() + coolingOffMs) },
  };
}

/** Applies a pending change whose time has come. */
export function settleLimit(state: LimitState, now: Date): LimitState {
  if (state.pending && state.pending.effectiveAt.getTime() <= now.getTime())
    return { limit: state.pending.value, pending: null };
  return state;
}

export function settleLimits(limits: Limits, now: Date): Limits {
  return { betCount: settleLimit(limits.betCount, now), stakeCents: settleLimit(limits.stakeCents, now) };
}

export function hasDuePending(limits: Limits, now: Date): boolean {
  return [limits.betCount, limits.stakeCents].some(
    (l) => l.pending && l.pending.effectiveAt.getTime() <= now.getTime(),
  );
}

export function sameLimits(a: Limits, b: Limits): boolean {
  const eq = (x: LimitState, y: LimitState) =>
    x.limit === y.limit &&
    (x.pending?.value ?? null) === (y.pending?.value ?? null) &&
    (x.pending?.effectiveAt.getTime() ?? null) === (y.pending?.effectiveAt.getTime() ?? null);
  return eq(a.betCount, b.betCount) && eq(a.stakeCents, b.stakeCents);
}

/** The API and event shape: stake in dollars, dates as ISO strings. */
export function limitsView(limits: Limits) {
  const view = (l: LimitState, scale: number) => ({
    limit: l.limit / scale,
    ...(l.pending
      ? { pending: { value: l.pending.value / scale, effectiveAt: l.pending.effectiveAt.toISOString() } }
      : {}),
  });
  return { weeklyBetCount: view(limits.betCount, 1), weeklyStakeAmount: view(limits.stakeCents, 100) };
}
