import { describe, expect, it } from 'vitest';
import { msToReach } from './multiplier';
import { crashTime, nextStep, publicStateOf, type RoundClock, tickDue } from './round';

const t = { bettingMs: 5000, crashedMs: 3000, waitingMs: 1000 };
const round = (r: Partial<RoundClock>): RoundClock => ({
  state: 'betting',
  crashPoint: 244,
  bettingEndsAt: 10_000,
  startedAt: null,
  crashedAt: null,
  ...r,
});

describe('round clock', () => {
  it('opens the first round when there is none', () => {
    expect(nextStep(null, 0, t)).toEqual({ kind: 'open', reason: 'first' });
    expect(publicStateOf(null, 0, t)).toBe('waiting');
  });
  it('lifts off when the countdown ends', () => {
    expect(nextStep(round({}), 9_999, t).kind).toBe('betting');
    expect(nextStep(round({}), 10_000, t).kind).toBe('lift-off');
  });
  it('flies until the multiplier reaches the crash point', () => {
    const r = round({ state: 'running', startedAt: 20_000 });
    expect(nextStep(r, 20_000, t)).toEqual({ kind: 'fly', multiplier: 100 });
    expect(nextStep(r, crashTime(20_000, 244) - 1, t).kind).toBe('fly');
    expect(nextStep(r, crashTime(20_000, 244), t).kind).toBe('crash');
    expect(crashTime(20_000, 244)).toBe(20_000 + msToReach(244));
    expect(nextStep(round({ state: 'running', startedAt: 20_000, crashPoint: 100 }), 20_000, t).kind).toBe(
      'crash',
    );
  });
  it('shows the crash, waits, then opens the next round', () => {
    const r = round({ state: 'crashed', startedAt: 20_000, crashedAt: 40_000 });
    expect(nextStep(r, 42_999, t).kind).toBe('show-crash');
    expect(publicStateOf(r, 42_999, t)).toBe('crashed');
    expect(nextStep(r, 43_000, t).kind).toBe('wait');
    expect(publicStateOf(r, 43_000, t)).toBe('waiting');
    expect(nextStep(r, 44_000, t)).toEqual({ kind: 'open', reason: 'next' });
  });
});

describe('tickDue (issue 35: ticks only as often as the screens need)', () => {
  it('sends every other 100 ms step for 200 ms, even with steps a little early or late', () => {
    const sent: number[] = [];
    let last: number | null = null;
    for (const at of [0, 98, 203, 297, 401, 499, 602, 700]) {
      if (tickDue(last, at, 200, 100)) {
        sent.push(at);
        last = at;
      }
    }
    expect(sent).toEqual([0, 203, 401, 602]);
  });
  it('sends every step when the push interval is the step, and after a clock going back', () => {
    expect(tickDue(100, 200, 100, 100)).toBe(true);
    expect(tickDue(100, 160, 100, 100)).toBe(true);
    expect(tickDue(500, 100, 200, 100)).toBe(true);
    expect(tickDue(100, 140, 200, 100)).toBe(false);
  });
});
