import { msToReach, multiplierAt } from './multiplier';

/**
 * A round as stored: `betting` (bets accepted until bettingEndsAt) → `running` (since
 * startedAt) → `crashed` (at crashedAt; every bet settled in the same transaction). What the
 * screens call `waiting` is the pause after the crash display, before the next round opens:
 * it is a phase of time, not a row.
 */
export type RoundState = 'betting' | 'running' | 'crashed';
export type PublicState = 'waiting' | 'betting' | 'running' | 'crashed';

export interface Timings {
  /** the betting countdown */
  bettingMs: number;
  /** how long the crash point stays on screen */
  crashedMs: number;
  /** the pause after that before the next round opens */
  waitingMs: number;
}

export interface RoundClock {
  state: RoundState;
  crashPoint: number;
  bettingEndsAt: number;
  startedAt: number | null;
  crashedAt: number | null;
}

/** What the round clock must do next for the latest round, at `now`. */
export type ClockStep =
  | { kind: 'open'; reason: 'first' | 'next' }
  | { kind: 'lift-off' }
  | { kind: 'fly'; multiplier: number }
  | { kind: 'crash' }
  | { kind: 'show-crash' }
  | { kind: 'wait' }
  | { kind: 'betting' };

export function nextStep(latest: RoundClock | null, now: number, t: Timings): ClockStep {
  if (!latest) return { kind: 'open', reason: 'first' };
  switch (latest.state) {
    case 'betting':
      return now >= latest.bettingEndsAt ? { kind: 'lift-off' } : { kind: 'betting' };
    case 'running': {
      const m = multiplierAt(now - (latest.startedAt ?? now));
      return m >= latest.crashPoint ? { kind: 'crash' } : { kind: 'fly', multiplier: m };
    }
    case 'crashed': {
      const since = now - (latest.crashedAt ?? now);
      if (since < t.crashedMs) return { kind: 'show-crash' };
      if (since < t.crashedMs + t.waitingMs) return { kind: 'wait' };
      return { kind: 'open', reason: 'next' };
    }
  }
}

/**
 * The steps that only wait for time to pass: nothing but the clock itself changes what they
 * read of the round (its state and times), so the clock may take them from the round it read
 * last. The others act on the round (open, lift-off, fly with cash-outs and the cap, crash) and
 * read it fresh.
 */
export function isQuietStep(step: ClockStep): boolean {
  return step.kind === 'betting' || step.kind === 'show-crash' || step.kind === 'wait';
}

/** When a running round crashes (server time): lift-off plus the flight time to its crash point. */
export function crashTime(startedAt: number, crashPoint: number): number {
  return startedAt + msToReach(crashPoint);
}

/** The state the screens show for the latest round at `now`. */
export function publicStateOf(latest: RoundClock | null, now: number, t: Timings): PublicState {
  if (!latest) return 'waiting';
  if (latest.state === 'crashed') {
    return now - (latest.crashedAt ?? now) < t.crashedMs ? 'crashed' : 'waiting';
  }
  return latest.state;
}

/**
 * Whether the clock's step at `now` sends a tick, the last one having gone at `lastAt`: every
 * `everyMs`, judged to half a step (`stepMs`) so that steps landing a little early still send
 * (200 ms with 100 ms steps: every other step, not every third).
 */
export function tickDue(lastAt: number | null, now: number, everyMs: number, stepMs: number): boolean {
  if (lastAt === null || now < lastAt) return true;
  return now - lastAt >= everyMs - stepMs / 2;
}
