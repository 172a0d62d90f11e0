import { MARKETS } from '@bet/proto-events';
import { describe, expect, it } from 'vitest';
import type { ProviderFixture } from './fixtures';
import { type GameRecord, liveSuspended } from './game';
import { marketPrices } from './market-pricing';
import { gameMarkets, marketSources } from './markets';
import { mergeFixture } from './merge';
import { inPlayPrices, preMatchPrices } from './odds';

const NOW = new Date('2026-05-02T12:00:00Z');
const lambdas = { home: 1.5, away: 1.1 };
const model = { lambdas, prices: preMatchPrices(lambdas, 0.06) };
function fixture(over: Partial<ProviderFixture> = {}): ProviderFixture {
  return {
    providerId: '77',
    leagueId: '399',
    league: 'NPFL',
    homeTeam: 'Enyimba',
    awayTeam: 'Rivers United',
    homeTeamLogo: null,
    awayTeamLogo: null,
    matchDate: new Date('2026-05-02T15:00:00Z'),
    status: 'upcoming',
    phase: null,
    elapsed: null,
    score: null,
    events: null,
    ...over,
  };
}
const merge = (existing: GameRecord | null, f: ProviderFixture, price: any = null) =>
  mergeFixture({
    existing,
    id: 'a'.repeat(24),
    source: 'apifootball',
    fixture: f,
    price,
    model,
    margin: 0.06,
    now: NOW,
  });

describe('merging a provider fixture', () => {
  it('creates a model-priced game, or a provider-priced one when the provider has odds', () => {
    const a = merge(null, fixture()).after;
    expect(a).toMatchObject({ status: 'upcoming', priceSource: 'model', odds: model.prices });
    const b = merge(null, fixture(), {
      providerId: '77',
      odds: { home: 190, draw: 340, away: 410 },
      live: false,
    }).after;
    expect(b).toMatchObject({ priceSource: 'provider', odds: { home: 190, draw: 340, away: 410 } });
  });

  it('settles a finished fixture once and reports a later disagreement instead of applying it', () => {
    const done = merge(
      null,
      fixture({ status: 'finished', phase: 'FT', score: { home: 0, away: 2 }, elapsed: 90 }),
    );
    expect(done.settled).toBe('B');
    expect(done.after).toMatchObject({ status: 'finished', result: 'B', score: { home: 0, away: 2 } });
    const again = merge(
      done.after,
      fixture({ status: 'finished', phase: 'FT', score: { home: 0, away: 2 }, elapsed: 90 }),
    );
    expect(again.settled).toBeNull();
    expect(again.conflict).toBeNull();
    const other = merge(
      done.after,
      fixture({ status: 'finished', phase: 'FT', score: { home: 1, away: 1 }, elapsed: 90 }),
    );
    expect(other.settled).toBeNull();
    expect(other.conflict).toMatch(/reports Draw \(1-1\) for a game settled as B/);
    expect(other.after.result).toBe('B');
    expect(other.after.score).toEqual({ home: 0, away: 2 });
  });

  it('never moves a game backwards', () => {
    const live = merge(
      null,
      fixture({ status: 'live', phase: '2H', elapsed: 60, score: { home: 1, away: 0 } }),
    ).after;
    expect(merge(live, fixture()).after.status).toBe('live');
    const cancelled = { ...live, status: 'cancelled' as const };
    const r = merge(
      cancelled,
      fixture({ status: 'live', phase: '2H', elapsed: 61, score: { home: 1, away: 0 } }),
    );
    expect(r.after.status).toBe('cancelled');
    expect(r.conflict).toMatch(/reports live for a game that is cancelled/);
  });

  it('prices a live game from the score and the clock when the provider has no live odds', () => {
    const leading = merge(
      null,
      fixture({ status: 'live', phase: '2H', elapsed: 80, score: { home: 2, away: 0 } }),
    ).after;
    expect(leading.odds.home).toBeLessThan(model.prices.home);
    expect(leading.odds.away).toBeGreaterThan(model.prices.away);
  });

  it('keeps an admin adjustment while the provider price moves underneath', () => {
    const base = merge(null, fixture(), {
      providerId: '77',
      odds: { home: 190, draw: 340, away: 410 },
      live: false,
    }).after;
    const adjusted = {
      ...base,
      adjusted: { home: 250, draw: 300, away: 300 },
      odds: { home: 250, draw: 300, away: 300 },
    };
    const r = merge(adjusted, fixture(), {
      providerId: '77',
      odds: { home: 170, draw: 360, away: 480 },
      live: false,
    });
    expect(r.keptAdjusted).toBe(true);
    expect(r.after.odds).toEqual({ home: 250, draw: 300, away: 300 });
    expect(r.after.base).toEqual({ home: 170, draw: 360, away: 480 });
  });
});

describe('a provider game in play (issue 32: every market, suspended on goals and red cards)', () => {
  const live = (over: Partial<ProviderFixture> = {}) =>
    fixture({ status: 'live', phase: '2H', elapsed: 60, score: { home: 0, away: 1 }, events: [], ...over });
  const red = (side: 'home' | 'away', elapsed: number) => ({
    type: 'Card' as const,
    side,
    elapsed,
    extra: null,
    player: 'X',
    detail: 'Red Card',
  });
  const withSuspend = (existing: GameRecord | null, f: ProviderFixture, price: any = null, now = NOW) =>
    mergeFixture({
      existing,
      id: 'a'.repeat(24),
      source: 'apifootball',
      fixture: f,
      price,
      model,
      margin: 0.06,
      now,
      suspendMs: 5_000,
    });

  it('offers every market, priced from the model at the score, phase, minute and red cards the feed reports', () => {
    for (const phase of ['1H', 'HT', '2H'] as const)
      for (const minute of phase === '1H' ? [5, 30, 44] : phase === 'HT' ? [45] : [50, 75, 89])
        for (const score of [
          { home: 0, away: 0 },
          { home: 2, away: 1 },
          { home: 0, away: 3 },
        ])
          for (const reds of [[], [red('home', 20)], [red('away', 10), red('away', 30)]]) {
            const { after, priced } = withSuspend(
              null,
              live({ phase, elapsed: minute, score, events: reds }),
            );
            expect(priced).toBe(true);
            const count = {
              home: reds.filter((r) => r.side === 'home').length,
              away: reds.filter((r) => r.side === 'away').length,
            };
            expect(after.feed?.live).toEqual({ phase, minute, red: count, feedPrice: false });
            const state = { lambdas, score, phase, minute, red: count };
            expect(after.odds).toEqual(inPlayPrices(state, 0.06));
            const markets = gameMarkets(after);
            expect(Object.keys(markets ?? {}).sort()).toEqual(MARKETS.map((m) => m.key).sort());
            expect(markets).toEqual(marketPrices(state, after.odds));
            // a score already passed is never offered
            if (score.home + score.away >= 3) expect(markets?.['ou_2.5']).toMatchObject({ under: null });
            expect(marketSources(after)['ou_2.5']).toBe('model');
          }
  });

  it("fits the rates to the feed's own live 1X2 price, so every market agrees with it", () => {
    const f = live({ phase: '2H', elapsed: 70, score: { home: 1, away: 1 } });
    const feedOdds = inPlayPrices(
      { lambdas: { home: 2.4, away: 0.7 }, score: { home: 1, away: 1 }, phase: '2H', minute: 70 },
      0.06,
    );
    const { after } = withSuspend(null, f, { providerId: '77', odds: feedOdds, live: true });
    expect(after.odds).toEqual(feedOdds);
    expect(after.feed?.live?.feedPrice).toBe(true);
    const markets = gameMarkets(after)!;
    // Double Chance agrees with the feed's 1X2 (home or draw ≈ 1 − away), not with our own rates
    const fairAway = 100 / feedOdds.away / (100 / feedOdds.home + 100 / feedOdds.draw + 100 / feedOdds.away);
    expect(100 / markets.dc['1X']!).toBeCloseTo((1 - fairAway) * 1.0275, 1);
    expect(marketSources(after)['1x2']).toBe('feed');
  });

  it('has no market after normal time (extra time, penalties) and none under an admin 1X2 price', () => {
    expect(gameMarkets(withSuspend(null, live({ phase: 'FT', elapsed: 105 })).after)).toBeNull();
    const { after } = withSuspend(null, live());
    expect(gameMarkets({ ...after, adjusted: after.odds })).toBeNull();
  });

  it('suspends on a goal or a red card since the last sync, and only then', () => {
    const first = withSuspend(null, live()).after;
    expect(first.feed?.suspendedUntil).toBeUndefined();
    const later = new Date(NOW.getTime() + 60_000);
    // nothing happened: no suspension
    const calm = withSuspend(first, live({ elapsed: 64 }), null, later);
    expect(calm.jolt).toBeNull();
    expect(calm.after.feed?.suspendedUntil).toBeUndefined();
    // a goal
    const goal = withSuspend(first, live({ elapsed: 64, score: { home: 1, away: 1 } }), null, later);
    expect(goal.jolt).toBe('Goal');
    expect(goal.after.feed?.suspendedUntil).toBe(later.getTime() + 5_000);
    expect(liveSuspended({ ...goal.after, pricesAt: later }, later.getTime() + 4_999, 60_000)).toBe(true);
    expect(liveSuspended({ ...goal.after, pricesAt: later }, later.getTime() + 5_001, 60_000)).toBe(false);
    // a red card
    const sentOff = withSuspend(first, live({ elapsed: 64, events: [red('home', 62)] }), null, later);
    expect(sentOff.jolt).toBe('Red card');
    expect(sentOff.after.feed?.live?.red).toEqual({ home: 1, away: 0 });
    // the next sync long after drops the old suspension
    const after = withSuspend(
      goal.after,
      live({ elapsed: 80, score: { home: 1, away: 1 } }),
      null,
      new Date(later.getTime() + 600_000),
    );
    expect(after.jolt).toBeNull();
    expect(after.after.feed?.suspendedUntil).toBeUndefined();
  });

  it("clears an admin's pinned prices on a goal (games-007) and keeps them while nothing happens", () => {
    const first = withSuspend(null, live()).after;
    const pinned: GameRecord = {
      ...first,
      adjusted: { home: 93_508, draw: 2_000, away: 101 },
      odds: { home: 93_508, draw: 2_000, away: 101 },
      marketControl: { suspended: ['cs'], prices: { btts: { yes: 300, no: 140 } } },
    };
    const calm = withSuspend(pinned, live({ elapsed: 64 }));
    expect(calm.clearedPins).toBeNull();
    expect(calm.after.odds).toEqual(pinned.adjusted);
    const goal = withSuspend(pinned, live({ elapsed: 64, score: { home: 0, away: 2 } }));
    expect(goal.clearedPins).toEqual({
      adjusted: { home: 93_508, draw: 2_000, away: 101 },
      markets: { btts: { yes: 300, no: 140 } },
    });
    expect(goal.after.adjusted).toBeNull();
    expect(goal.after.odds).toEqual(goal.after.base);
    expect(goal.after.marketControl).toEqual({ suspended: ['cs'], prices: {} });
    expect(gameMarkets(goal.after)?.btts).not.toEqual({ yes: 300, no: 140 });
  });
});
