/**
 * Login throttling that slows an attacker down without letting them lock anyone out.
 * Failures are counted per (account, IP) pair and per IP, never per account alone: a
 * flood of bad passwords from elsewhere does not stop the owner signing in from their own
 * address. After a few free failures each further one makes the next attempt wait longer
 * (doubling), up to a ceiling; the counters forget after the window.
 */
export interface ThrottlePolicy {
  /** failures allowed before any waiting */
  freeFailures: number;
  /** wait after the first failure beyond the free ones */
  baseDelayMs: number;
  maxDelayMs: number;
  /** how long failures are remembered */
  windowMs: number;
}

export const PAIR_POLICY: ThrottlePolicy = {
  freeFailures: 5,
  baseDelayMs: 1_000,
  maxDelayMs: 15 * 60_000,
  windowMs: 15 * 60_000,
};
export const IP_POLICY: ThrottlePolicy = {
  freeFailures: 30,
  baseDelayMs: 1_000,
  maxDelayMs: 15 * 60_000,
  windowMs: 15 * 60_000,
};

/** How long the next attempt must wait after `failures` failures inside the window. */
export function delayAfter(failures: number, p: ThrottlePolicy): number {
  const over = failures - p.freeFailures;
  if (over <= 0) return 0;
  return Math.min(p.baseDelayMs * 2 ** Math.min(over - 1, 30), p.maxDelayMs);
}

export function retryMessage(waitMs: number): string {
  const s = Math.max(1, Math.ceil(waitMs / 1000));
  const text = s < 120 ? `${s} second${s === 1 ? '' : 's'}` : `${Math.ceil(s / 60)} minutes`;
  return `Too many failed attempts. Please try again in ${text}.`;
}
