import { describe, expect, it } from 'vitest';
import { commands, events } from './catalogue';
import { validate } from './define';

describe('event catalogue', () => {
  const all = Object.values(events);

  it('has unique subjects and owners for every event', () => {
    const subjects = all.map((e) => e.subject);
    expect(new Set(subjects).size).toBe(subjects.length);
    for (const e of all) expect(e.owner).toMatch(/^(identity|wallet|games|betting|aviator|ai|admin)$/);
  });

  it.each(all.map((e) => [e.subject, e] as const))('%s: the example satisfies the schema', (_s, e) => {
    expect(validate(e.schema, e.example)).toEqual([]);
  });

  it.each(Object.values(commands).map((c) => [c.subject, c] as const))(
    '%s: request and reply examples satisfy their schemas',
    (_s, c) => {
      expect(validate(c.request, c.example.request)).toEqual([]);
      expect(validate(c.reply, c.example.reply)).toEqual([]);
    },
  );

  it('rejects a payload that breaks the schema', () => {
    expect(validate(events.GamesSettled.schema, { gameId: 'nope', result: 'X' }).length).toBeGreaterThan(0);
  });
});

describe('markets in events', () => {
  it('old payloads without a market still validate', () => {
    expect(
      validate(events.GamesOddsChanged.schema, {
        gameId: events.GamesSettled.example.gameId,
        odds: { home: 1.8, draw: 3.4, away: 4.5 },
        live: false,
      }),
    ).toEqual([]);
    const { htScores: _h, ...oldSettled } = events.GamesSettled.example;
    expect(validate(events.GamesSettled.schema, oldSettled)).toEqual([]);
    const { markets: _m, ...oldCreated } = events.GamesCreated.example;
    expect(validate(events.GamesCreated.schema, oldCreated)).toEqual([]);
    expect(validate(events.BetsPlaced.schema, events.BetsPlaced.example)).toEqual([]);
  });

  it('a bet names its market; a market price is an integer of at least 101 or null', () => {
    const placed = events.BetsPlaced.example;
    const leg = { ...placed.selections[0], market: 'ou_2.5', outcome: 'over' };
    expect(validate(events.BetsPlaced.schema, { ...placed, selections: [leg] })).toEqual([]);
    const odds = events.GamesOddsChanged.example;
    expect(
      validate(events.GamesOddsChanged.schema, { ...odds, markets: { btts: { yes: null, no: 120 } } }),
    ).toEqual([]);
    expect(
      validate(events.GamesOddsChanged.schema, { ...odds, markets: { btts: { yes: 1.8 } } }).length,
    ).toBeGreaterThan(0);
    expect(
      validate(events.GamesOddsChanged.schema, { ...odds, markets: { btts: { yes: 100 } } }).length,
    ).toBeGreaterThan(0);
  });
});

describe('what wagering needs in bets.settled (issue 33)', () => {
  const settled = events.BetsSettled;
  it('an old payload (no odds, no free bet) still validates', () => {
    expect(
      validate(settled.schema, {
        betId: settled.example.betId,
        userId: settled.example.userId,
        status: 'lost',
        stakeCents: 500,
        payoutCents: 0,
        settledAt: settled.example.settledAt,
      }),
    ).toEqual([]);
  });

  it('carries the settled odds and the free-bet part of the stake', () => {
    expect(settled.example).toMatchObject({ oddsHundredths: expect.any(Number) });
    expect(validate(settled.schema, { ...settled.example, oddsHundredths: 315, freeBetCents: 1000 })).toEqual(
      [],
    );
    // odds are at least 1.00 (a bet of void and pushed legs settles at 1.00), a free bet never negative
    expect(validate(settled.schema, { ...settled.example, oddsHundredths: 99 }).length).toBeGreaterThan(0);
    expect(validate(settled.schema, { ...settled.example, freeBetCents: -1 }).length).toBeGreaterThan(0);
  });
});

describe('promotions for betting (issue 33, decision betting-009)', () => {
  const boost = {
    kind: 'odds_boost',
    gameId: events.GamesSettled.example.gameId,
    market: '1x2',
    outcome: 'A',
    boostedOdds: 3,
    maxStake: 20,
  };
  const acca = { kind: 'acca_bonus', tiers: [{ legs: 3, percent: 5 }], minOddsPerLeg: 1.5 };

  it('promotion.created and .updated carry the rules betting projects; betting consumes them', () => {
    for (const e of [events.PromotionCreated, events.PromotionUpdated]) {
      expect(e.consumers).toContain('betting');
      for (const rules of [boost, acca, { ...boost, boostedOdds: undefined, boostPercent: 12.5 }])
        expect(validate(e.schema, { promotion: { ...e.example.promotion, rules } })).toEqual([]);
      // a boost names a game by id; an acca tier has at least two legs
      expect(
        validate(e.schema, { promotion: { ...e.example.promotion, rules: { ...boost, gameId: 'x' } } })
          .length,
      ).toBeGreaterThan(0);
      expect(
        validate(e.schema, {
          promotion: { ...e.example.promotion, rules: { ...acca, tiers: [{ legs: 1, percent: 5 }] } },
        }).length,
      ).toBeGreaterThan(0);
    }
    expect(events.PromotionDeleted.consumers).toContain('betting');
  });

  it('bets.placed may name its promotion; bets.settled its acca bonus and cost; old payloads still validate', () => {
    const placed = events.BetsPlaced;
    expect(validate(placed.schema, placed.example)).toEqual([]);
    expect(validate(placed.schema, { ...placed.example, promotionId: placed.example.betId })).toEqual([]);
    const settled = events.BetsSettled;
    expect(validate(settled.schema, settled.example)).toEqual([]);
    expect(
      validate(settled.schema, {
        ...settled.example,
        accaBonusCents: 55,
        promotionId: settled.example.betId,
        promotionCostCents: 55,
      }),
    ).toEqual([]);
    expect(validate(settled.schema, { ...settled.example, accaBonusCents: -1 }).length).toBeGreaterThan(0);
  });
});
