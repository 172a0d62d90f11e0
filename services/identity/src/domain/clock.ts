/**
 * A clock that only moves when told to, read as Dates (tests step past cooling-off periods and
 * expiries with it; the service reads it through the kit's clock, see test/helpers.ts).
 */
export class ManualClock {
  private t: number;
  constructor(start: Date | number = Date.now()) {
    this.t = typeof start === 'number' ? start : start.getTime();
  }
  now() {
    return new Date(this.t);
  }
  advance(ms: number) {
    this.t += ms;
  }
  set(at: Date | number) {
    this.t = typeof at === 'number' ? at : at.getTime();
  }
}

const UNIT_MS: Record<string, number> = {
  ms: 1,
  s: 1_000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 604_800_000,
};

export const DURATION_PATTERN = '^\\d+(\\.\\d+)?(ms|s|m|h|d|w)?$';

/** '15m', '30d', '3600' (seconds) → milliseconds. */
export function parseDuration(text: string): number {
  const m = /^(\d+(?:\.\d+)?)(ms|s|m|h|d|w)?$/.exec(text.trim());
  if (!m) throw new RangeError(`not a duration: ${JSON.stringify(text)} (use e.g. 900, 15m, 12h, 30d)`);
  const ms = Number(m[1]) * UNIT_MS[m[2] ?? 's'];
  if (!Number.isFinite(ms) || ms <= 0)
    throw new RangeError(`duration must be positive: ${JSON.stringify(text)}`);
  return Math.round(ms);
}
