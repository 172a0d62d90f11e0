import { describe, expect, it } from 'vitest';
import type { GameRecord } from './game';
import { DEFAULT_POLICY, suspendsMarkets } from './live';
import { preMatchPrices } from './odds';
import { type SimStep, simulateGame } from './simulation';
import { clearPins, hasPins } from './trading';

/**
 * Decision games-007: an admin's pinned live price does not outlive a goal or a red card. The
 * simulator's step clears every pin of the game at the jolt (1X2 adjustment and pinned market
 * prices), suspends it, and it reopens at the model's prices; suspensions an admin made stay.
 */

const T0 = Date.UTC(2026, 10, 27, 15, 0);
const lambdas = { home: 1.6, away: 1.2 };
const model = preMatchPrices(lambdas, 0.06);
const PINNED_1X2 = { home: 93_508, draw: 2_000, away: 101 };
const PINNED_OU = { over: 250, under: 150 };

function upcoming(seed: number): GameRecord {
  return {
    id: `g${seed}`,
    provider: 'simulator',
    providerId: `slot-${seed}`,
    homeTeam: 'Arsenal',
    awayTeam: 'Chelsea',
    homeTeamLogo: null,
    awayTeamLogo: null,
    league: 'Premier League',
    matchDate: new Date(T0),
    status: 'upcoming',
    score: { home: 0, away: 0 },
    elapsed: null,
    result: null,
    odds: model,
    base: model,
    adjusted: null,
    priceSource: 'model',
    lambdas,
    sim: null,
    settledAt: null,
    cancelledAt: null,
  };
}

const step = (game: GameRecord, now: number): SimStep =>
  simulateGame({
    game,
    now,
    speed: 1,
    margin: 0.06,
    policy: DEFAULT_POLICY,
    interested: false,
    secret: '7e57'.repeat(8),
    suspendMs: 5_000,
  });

type Advanced = Extract<SimStep, { kind: 'advanced' }>;

/** Kicks a match off, pins its prices (which of them: `pins`), and plays it minute by minute to its first goal or red card. */
function playToFirstJolt(seed: number, pins: { oneX2: boolean; market: boolean }) {
  const kick = step(upcoming(seed), T0) as Advanced;
  let game: GameRecord = {
    ...kick.after,
    ...(pins.oneX2 ? { adjusted: PINNED_1X2, odds: PINNED_1X2 } : {}),
    marketControl: {
      suspended: ['cs'],
      prices: pins.market ? { 'ou_2.5': PINNED_OU } : {},
    },
  };
  for (let minute = 1; minute <= 130; minute++) {
    const now = T0 + minute * 60_000;
    const s = step(game, now);
    if (s.kind !== 'advanced') continue;
    if (suspendsMarkets(s.events) && !s.finished) return { before: game, jolt: s, now };
    // until the jolt, the pins stand
    expect(s.after.adjusted).toEqual(game.adjusted);
    expect(s.after.marketControl).toEqual(game.marketControl);
    expect(s.clearedPins).toBeNull();
    game = s.after;
  }
  return null;
}

describe('a goal or a red card clears an admin-pinned live price (games-007)', () => {
  const cases = [
    { oneX2: true, market: true },
    { oneX2: true, market: false },
    { oneX2: false, market: true },
  ];
  for (const pins of cases)
    it(`clears the pins (1X2 ${pins.oneX2}, Over/Under 2.5 ${pins.market}), suspends, and prices from the model, over 30 matches`, () => {
      let jolts = 0;
      for (let seed = 0; seed < 30; seed++) {
        const run = playToFirstJolt(seed, pins);
        if (!run) continue; // a goalless match without a red card: nothing to clear
        jolts++;
        const { jolt, now } = run;
        const after = jolt.after;
        expect(after.adjusted).toBeNull();
        // the model's price of the new state, not the admin's 935.08
        expect(after.odds).toEqual(after.base);
        expect(after.odds).not.toEqual(PINNED_1X2);
        expect(after.marketControl).toEqual({ suspended: ['cs'], prices: {} });
        expect(jolt.clearedPins).toEqual({
          adjusted: pins.oneX2 ? PINNED_1X2 : null,
          markets: pins.market ? { 'ou_2.5': PINNED_OU } : {},
        });
        expect(jolt.jolt).toMatch(/\d+'$/);
        // suspended for the configured time, then open at the model's prices for every market
        expect(after.sim?.suspendedUntil).toBe(now + 5_000);
        expect(jolt.announcePrice).toBe(true);
        const markets = after.sim?.markets;
        expect(markets?.['ou_2.5']).toBeTruthy();
        expect(markets?.['ou_2.5']).not.toEqual(PINNED_OU);
        expect(markets?.['1x2']).toEqual({ A: after.odds.home, Draw: after.odds.draw, B: after.odds.away });
      }
      expect(jolts).toBeGreaterThan(20);
    });

  it('keeps a game without pins as it is, and an admin suspension through the clearing', () => {
    const g = upcoming(1);
    expect(hasPins(g)).toBe(false);
    expect(clearPins(g)).toEqual({ after: g, cleared: null });
    const suspendedOnly = { ...g, marketControl: { suspended: ['btts'], prices: {} } };
    expect(clearPins(suspendedOnly).cleared).toBeNull();
    const pinned = {
      ...g,
      adjusted: PINNED_1X2,
      odds: PINNED_1X2,
      marketControl: { suspended: [], prices: { btts: { yes: 190 } } },
    };
    const { after, cleared } = clearPins(pinned);
    expect(after).toMatchObject({ adjusted: null, odds: model, marketControl: null });
    expect(cleared).toEqual({ adjusted: PINNED_1X2, markets: { btts: { yes: 190 } } });
  });
});
