import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  expectedGoals,
  impliedSum,
  inPlayPrices,
  inPlayProbabilities,
  lambdasFromPrices,
  MIN_PRICE,
  outcomeProbabilities,
  type Phase,
  preMatchPrices,
  priceWithMargin,
  roundingTolerance,
  teamStrength,
} from './odds';

const ranking = fc.integer({ min: 1, max: 100 });
const margin = fc.double({ min: 0, max: 0.2, noNaN: true });
const recent = fc.array(
  fc.record({ goalsFor: fc.integer({ min: 0, max: 7 }), goalsAgainst: fc.integer({ min: 0, max: 7 }) }),
  { maxLength: 5 },
);
const phase = fc.constantFrom<Phase>('1H', 'HT', '2H');

function lambdasFor(home: number, away: number, hf: any[] = [], af: any[] = []) {
  return expectedGoals(teamStrength(home, hf), teamStrength(away, af));
}

function expectValidBook(o: { home: number; draw: number; away: number }, m: number) {
  for (const v of [o.home, o.draw, o.away]) {
    expect(Number.isInteger(v)).toBe(true);
    expect(v).toBeGreaterThanOrEqual(MIN_PRICE);
  }
  const err = Math.abs(impliedSum(o) - (1 + m));
  expect(err).toBeLessThanOrEqual(roundingTolerance(o) + 1e-12);
  expect(err).toBeLessThanOrEqual(0.0055);
}

describe('odds model', () => {
  it('probabilities of the three outcomes add up to 1', () => {
    fc.assert(
      fc.property(ranking, ranking, recent, recent, (h, a, hf, af) => {
        const p = outcomeProbabilities(lambdasFor(h, a, hf, af));
        expect(p.home + p.draw + p.away).toBeCloseTo(1, 12);
        expect(Math.min(p.home, p.draw, p.away)).toBeGreaterThan(0);
      }),
    );
  });

  it('pre-match prices are whole hundredths ≥ 1.01 and carry the margin within the rounding tolerance', () => {
    fc.assert(
      fc.property(ranking, ranking, recent, recent, margin, (h, a, hf, af, m) => {
        expectValidBook(preMatchPrices(lambdasFor(h, a, hf, af), m), m);
      }),
    );
  });

  it('keeps the margin when one outcome is almost certain (favourite held at 1.01)', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.95, max: 1, noNaN: true }), margin, (ph, m) => {
        const rest = 1 - ph;
        const o = priceWithMargin({ home: ph, draw: rest * 0.7, away: rest * 0.3 }, m);
        expectValidBook(o, m);
      }),
    );
    const certain = priceWithMargin({ home: 1, draw: 0, away: 0 }, 0.06);
    expect(certain.home).toBe(101);
    expectValidBook(certain, 0.06);
  });

  it('a stronger home side never gets a longer home price or a shorter away price', () => {
    fc.assert(
      fc.property(ranking, ranking, fc.integer({ min: 1, max: 40 }), margin, (h, a, step, m) => {
        const weaker = preMatchPrices(lambdasFor(h, a), m);
        const stronger = preMatchPrices(lambdasFor(Math.min(100, h + step), a), m);
        expect(stronger.home).toBeLessThanOrEqual(weaker.home);
        expect(stronger.away).toBeGreaterThanOrEqual(weaker.away);
      }),
    );
  });

  it('a stronger away side never gets a longer away price', () => {
    fc.assert(
      fc.property(ranking, ranking, fc.integer({ min: 1, max: 40 }), (h, a, step) => {
        const before = preMatchPrices(lambdasFor(h, a), 0.06);
        const after = preMatchPrices(lambdasFor(h, Math.min(100, a + step)), 0.06);
        expect(after.away).toBeLessThanOrEqual(before.away);
        expect(after.home).toBeGreaterThanOrEqual(before.home);
      }),
    );
  });

  it('home advantage: two equal teams price the home side shorter than the away side', () => {
    fc.assert(
      fc.property(ranking, (r) => {
        const o = preMatchPrices(lambdasFor(r, r), 0.06);
        expect(o.home).toBeLessThan(o.away);
      }),
    );
  });

  it('good recent results strengthen a team', () => {
    const plain = teamStrength(70);
    expect(teamStrength(70, [{ goalsFor: 3, goalsAgainst: 0 }])).toBeGreaterThan(plain);
    expect(teamStrength(70, [{ goalsFor: 0, goalsAgainst: 2 }])).toBeLessThan(plain);
    // one freak score cannot move a team more than the cap
    expect(teamStrength(70, [{ goalsFor: 40, goalsAgainst: 0 }]) - plain).toBeLessThanOrEqual(0.3);
  });

  it('in play at kick-off equals the pre-match model', () => {
    fc.assert(
      fc.property(ranking, ranking, (h, a) => {
        const lambdas = lambdasFor(h, a);
        const pre = outcomeProbabilities(lambdas);
        const live = inPlayProbabilities({ lambdas, score: { home: 0, away: 0 }, phase: 'pre', minute: 0 });
        expect(live.home).toBeCloseTo(pre.home, 12);
        expect(live.away).toBeCloseTo(pre.away, 12);
      }),
    );
  });

  const liveState = fc.record({
    home: ranking,
    away: ranking,
    phase,
    minute: fc.integer({ min: 0, max: 90 }),
    sh: fc.integer({ min: 0, max: 5 }),
    sa: fc.integer({ min: 0, max: 5 }),
    rh: fc.integer({ min: 0, max: 2 }),
    ra: fc.integer({ min: 0, max: 2 }),
  });
  const toState = (
    s: {
      home: number;
      away: number;
      phase: Phase;
      minute: number;
      sh: number;
      sa: number;
      rh: number;
      ra: number;
    },
    extraHome = 0,
    extraAway = 0,
  ) => ({
    lambdas: lambdasFor(s.home, s.away),
    score: { home: s.sh + extraHome, away: s.sa + extraAway },
    phase: s.phase as Phase,
    minute: s.phase === '1H' ? Math.min(45, s.minute) : s.phase === 'HT' ? 45 : Math.max(45, s.minute),
    red: { home: s.rh, away: s.ra },
  });

  it('in-play prices are valid books at every score and minute', () => {
    fc.assert(
      fc.property(liveState, margin, (s, m) => {
        expectValidBook(inPlayPrices(toState(s), m), m);
      }),
    );
  });

  it('after a home goal the home price does not lengthen and the away price does not shorten', () => {
    fc.assert(
      fc.property(liveState, (s) => {
        const before = inPlayPrices(toState(s), 0.06);
        const after = inPlayPrices(toState(s, 1, 0), 0.06);
        expect(after.home).toBeLessThanOrEqual(before.home);
        expect(after.away).toBeGreaterThanOrEqual(before.away);
      }),
    );
  });

  it('a rout keeps the loser at the longest price on the next goal (probabilities underflowed to 0)', () => {
    // fast-check's counterexample: 5-0 at 88' against ten, nine men
    const s = { home: 62, away: 1, phase: '2H' as Phase, minute: 88, sh: 5, sa: 0, rh: 0, ra: 2 };
    const before = inPlayPrices(toState(s), 0.06);
    const after = inPlayPrices(toState(s, 1, 0), 0.06);
    expect(after.away).toBeGreaterThanOrEqual(before.away);
    expect(after.draw).toBeGreaterThanOrEqual(before.draw - 1);
    expectValidBook(after, 0.06);
  });

  it('after an away goal the away price does not lengthen and the home price does not shorten', () => {
    fc.assert(
      fc.property(liveState, (s) => {
        const before = inPlayPrices(toState(s), 0.06);
        const after = inPlayPrices(toState(s, 0, 1), 0.06);
        expect(after.away).toBeLessThanOrEqual(before.away);
        expect(after.home).toBeGreaterThanOrEqual(before.home);
      }),
    );
  });

  // A much stronger leader can lengthen slightly as time runs out (less time to extend the
  // lead); when the leader is not the stronger scorer the price must shorten with the clock.
  it('a leader who is not the stronger side gets shorter as the clock runs down', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.2, max: 4, noNaN: true }),
        fc.double({ min: 0, max: 2, noNaN: true }),
        fc.integer({ min: 46, max: 89 }),
        (lh, more, minute) => {
          const st = (min: number) => ({
            lambdas: { home: lh, away: lh + more },
            score: { home: 1, away: 0 },
            phase: '2H' as const,
            minute: min,
          });
          expect(inPlayPrices(st(minute + 1), 0.06).home).toBeLessThanOrEqual(
            inPlayPrices(st(minute), 0.06).home,
          );
        },
      ),
    );
  });

  it('recovers the expected goals behind a book (provider prices → in-play model)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.4, max: 3.5, noNaN: true }),
        fc.double({ min: 0.4, max: 3.5, noNaN: true }),
        margin,
        (lh, la, m) => {
          const book = preMatchPrices({ home: lh, away: la }, m);
          const fitted = lambdasFromPrices(book);
          const again = preMatchPrices(fitted, m);
          // the fitted rates price the same book, give or take rounding
          expect(Math.abs(again.home - book.home) / book.home).toBeLessThan(0.02);
          expect(Math.abs(again.away - book.away) / book.away).toBeLessThan(0.02);
          expect(Math.abs(again.draw - book.draw) / book.draw).toBeLessThan(0.03);
        },
      ),
      { numRuns: 60 },
    );
  });
});
