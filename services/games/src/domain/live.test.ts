import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { squadOf } from './calendar';
import { advanceLive, bettorEdge, DEFAULT_POLICY, type SimRecord } from './live';
import { MAX_MATCH_CLOCK, startMatch } from './match';
import { type Prices, preMatchPrices } from './odds';
import { matchKey } from './rng';

const TEST_SECRET = '7e57'.repeat(8);

const lambdas = { home: 1.7, away: 1.1 };
function freshRecord(seed: number): SimRecord {
  return {
    kickoffAt: 0,
    match: startMatch({
      lambdas,
      homeSquad: squadOf('Arsenal'),
      awaySquad: squadOf('Chelsea'),
      key: matchKey(TEST_SECRET, String(seed)),
    }),
    oddsClock: 0,
    updateClock: 0,
  };
}

function run(seed: number, opts: { interested?: boolean; adjusted?: boolean }) {
  let rec = freshRecord(seed);
  let announced: Prices = preMatchPrices(lambdas, 0.06);
  const log: Array<ReturnType<typeof advanceLive> & { announced: Prices }> = [];
  for (let clock = 1; clock <= MAX_MATCH_CLOCK + 2; clock++) {
    const out = advanceLive({
      rec,
      targetClock: clock,
      announced,
      adjusted: !!opts.adjusted,
      interested: !!opts.interested,
      margin: 0.06,
      policy: DEFAULT_POLICY,
    });
    rec = out.rec;
    if (out.announce) announced = out.announce;
    log.push({ ...out, announced });
  }
  return log;
}

const seed = fc.integer({ min: 0, max: 0xffffffff });

describe('live announcements', () => {
  it('on a game with bets, every price change of every minute is announced', () => {
    fc.assert(
      fc.property(seed, (sd) => {
        for (const step of run(sd, { interested: true })) {
          if (step.model) expect(step.announced).toEqual(step.model);
        }
      }),
      { numRuns: 50 },
    );
    // every minute also prices every market (games-006): 50 whole matches take a while on a busy machine
  }, 120_000);

  it('elsewhere a public price is never the threshold better for a bettor than the model, and goals are announced at once', () => {
    fc.assert(
      fc.property(seed, (sd) => {
        const log = run(sd, {});
        for (const step of log) {
          if (!step.model) continue;
          expect(bettorEdge(step.announced, step.model)).toBeLessThan(DEFAULT_POLICY.minMove);
          // a changed price never waits longer than maxAgeMinutes
          if (JSON.stringify(step.announced) !== JSON.stringify(step.model)) {
            expect(step.rec.match.clock - step.rec.oddsClock).toBeLessThan(DEFAULT_POLICY.maxAgeMinutes);
          }
          if (step.events.some((e) => e.type === 'Goal')) expect(step.announced).toEqual(step.model);
        }
        // and it does skip announcements: well under one per minute of play
        const announcements = log.filter((s) => s.announce).length;
        expect(announcements).toBeLessThan(log.filter((s) => s.model).length * 0.6);
      }),
      { numRuns: 50 },
    );
  }, 120_000);

  it('announces the markets with the match: at once on a goal, never after full time, none under an admin price', () => {
    fc.assert(
      fc.property(seed, (sd) => {
        const log = run(sd, {});
        for (const step of log) {
          if (step.finished) {
            expect(step.announceMarkets).toBeNull();
            expect(step.rec.markets).toBeNull();
          }
          if (step.events.some((e) => e.type === 'Goal') && !step.finished) {
            expect(step.announceMarkets).not.toBeNull();
            const goals = step.rec.match.score.home + step.rec.match.score.away;
            // the goal has decided Over 0.5: it is no longer offered
            if (goals >= 1) expect(step.announceMarkets!['ou_0.5']).toEqual({ over: null, under: null });
          }
        }
        expect(run(sd, { adjusted: true }).every((s) => s.announceMarkets === null && !s.rec.markets)).toBe(
          true,
        );
      }),
      { numRuns: 10 },
    );
  }, 120_000);

  it('an admin adjustment is never overwritten by the model', () => {
    fc.assert(
      fc.property(seed, (sd) => {
        expect(run(sd, { adjusted: true }).every((s) => s.announce === null)).toBe(true);
      }),
      { numRuns: 20 },
    );
  });

  it('announces full time once and nothing after it', () => {
    fc.assert(
      fc.property(seed, (sd) => {
        const log = run(sd, {});
        const ft = log.findIndex((s) => s.finished);
        expect(ft).toBeGreaterThan(0);
        expect(log[ft].update).toBe(true);
        expect(log[ft].announce).toBeNull();
        for (const after of log.slice(ft + 1)) {
          expect(after.changed).toBe(false);
          expect(after.update).toBe(false);
          expect(after.events).toEqual([]);
        }
      }),
      { numRuns: 50 },
    );
  });
});
