import { describe, expect, it } from 'vitest';
import type { ProviderFixture } from './fixtures';
import type { GameRecord } from './game';
import { mergeFixture } from './merge';
import { preMatchPrices } from './odds';

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
