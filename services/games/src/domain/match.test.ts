import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { squadOf } from './calendar';
import {
  invariantViolations,
  MAX_MATCH_CLOCK,
  type MatchEvent,
  type MatchState,
  playUntil,
  resultOf,
  startMatch,
  step,
} from './match';
import { matchKey } from './rng';

const TEST_SECRET = '7e57'.repeat(8);

const ORDER = { '1H': 0, HT: 1, '2H': 2, FT: 3 } as const;

function newMatch(seed: number, home = 1.6, away = 1.1) {
  return startMatch({
    lambdas: { home, away },
    homeSquad: squadOf('Enyimba', 'ng'),
    awaySquad: squadOf('Rivers United', 'ng'),
    key: matchKey(TEST_SECRET, String(seed)),
  });
}

function playAll(s: MatchState) {
  const states: MatchState[] = [s];
  const events: MatchEvent[] = [];
  let cur = s;
  for (let i = 0; i < MAX_MATCH_CLOCK + 5; i++) {
    const r = step(cur);
    events.push(...r.events);
    cur = r.state;
    states.push(cur);
  }
  return { states, events, final: cur };
}

const seed = fc.integer({ min: 0, max: 0xffffffff });
const lambda = fc.double({ min: 0.1, max: 5, noNaN: true });

describe('match engine', () => {
  it('replays identically from a seed, however the minutes are batched', () => {
    fc.assert(
      fc.property(
        seed,
        lambda,
        lambda,
        fc.array(fc.integer({ min: 1, max: 40 }), { maxLength: 10 }),
        (sd, lh, la, batches) => {
          const a = playAll(newMatch(sd, lh, la));
          let s = newMatch(sd, lh, la);
          const events: MatchEvent[] = [];
          for (const b of [...batches, MAX_MATCH_CLOCK]) {
            const r = playUntil(s, s.clock + b);
            s = r.state;
            events.push(...r.events);
          }
          expect(s).toEqual(a.final);
          expect(events).toEqual(a.events);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('different seeds give different matches', () => {
    const finals = new Set<string>();
    for (let sd = 1; sd <= 50; sd++) finals.add(JSON.stringify(playAll(newMatch(sd)).events));
    expect(finals.size).toBeGreaterThan(45);
  });

  it('never reaches an impossible state', () => {
    fc.assert(
      fc.property(seed, lambda, lambda, (sd, lh, la) => {
        const { states } = playAll(newMatch(sd, lh, la));
        for (let i = 1; i < states.length; i++) {
          const prev = states[i - 1];
          const cur = states[i];
          const { events } = step(prev);
          expect(invariantViolations(cur, events)).toEqual([]);
          // phases only move forward: a finished match never goes live again
          expect(ORDER[cur.phase]).toBeGreaterThanOrEqual(ORDER[prev.phase]);
          expect(cur.score.home).toBeGreaterThanOrEqual(prev.score.home);
          expect(cur.score.away).toBeGreaterThanOrEqual(prev.score.away);
          if (prev.phase === 'FT') {
            expect(cur).toBe(prev);
            expect(events).toEqual([]);
          } else {
            expect(cur.clock).toBe(prev.clock + 1);
          }
          if (prev.phase === 'HT' || prev.phase === 'FT') expect(events).toEqual([]);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('always finishes, and the score is exactly the goals it reported', () => {
    fc.assert(
      fc.property(seed, lambda, lambda, (sd, lh, la) => {
        const { final, events } = playAll(newMatch(sd, lh, la));
        expect(final.phase).toBe('FT');
        expect(final.clock).toBeLessThanOrEqual(MAX_MATCH_CLOCK);
        const goals = (side: string) => events.filter((e) => e.type === 'Goal' && e.side === side).length;
        expect(final.score).toEqual({ home: goals('home'), away: goals('away') });
        expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
        const subs = events.filter((e) => e.type === 'subst');
        expect(subs.every((e) => e.elapsed >= 55)).toBe(true);
        expect(['A', 'B', 'Draw']).toContain(resultOf(final.score));
      }),
      { numRuns: 300 },
    );
  });

  it('scores as many goals on average as the model expects', () => {
    let home = 0;
    let away = 0;
    const n = 3000;
    for (let sd = 0; sd < n; sd++) {
      const { final } = playAll(newMatch(sd, 1.8, 1.0));
      home += final.score.home;
      away += final.score.away;
    }
    // red cards move the rates slightly; 3000 matches keep sampling noise under ~4%
    expect(home / n).toBeGreaterThan(1.8 * 0.92);
    expect(home / n).toBeLessThan(1.8 * 1.08);
    expect(away / n).toBeGreaterThan(1.0 * 0.9);
    expect(away / n).toBeLessThan(1.0 * 1.1);
  });
});

describe('half-time score', () => {
  it('is recorded when the first half ends: the goals of the first half, kept to full time', () => {
    for (let seed = 0; seed < 40; seed++) {
      const { states, events, final } = playAll(newMatch(seed, 2.2, 1.8));
      const before = states.filter((s) => s.phase === '1H');
      for (const s of before) expect(s.htScore).toBeUndefined();
      const atBreak = states.find((s) => s.phase === 'HT')!;
      // every event of the first half, its stoppage time included, came before the break
      const firstHalfGoals = events.filter((e) => e.type === 'Goal' && e.seq <= atBreak.seq);
      expect(firstHalfGoals.every((e) => e.elapsed <= 45)).toBe(true);
      const ht = {
        home: firstHalfGoals.filter((e) => e.side === 'home').length,
        away: firstHalfGoals.filter((e) => e.side === 'away').length,
      };
      expect(atBreak.htScore).toEqual(atBreak.score);
      expect(final.htScore).toEqual(atBreak.score);
      expect(final.htScore).toEqual(ht);
    }
  });
});
