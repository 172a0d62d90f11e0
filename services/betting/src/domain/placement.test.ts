import type { DomainError } from '@bet/kit/core';
import { describe, expect, it } from 'vitest';
import {
  asFreeBet,
  bettingState,
  checkSlip,
  type GameState,
  MSG,
  parseStake,
  planBets,
  priceOf,
  type SelectionInput,
} from './placement';

const id = (n: number) => n.toString(16).padStart(24, '0');
const game = (n: number, over: Partial<GameState> = {}): GameState => ({
  id: id(n),
  homeTeam: `Home ${n}`,
  awayTeam: `Away ${n}`,
  status: 'upcoming',
  odds: { A: 210, Draw: 320, B: 360 },
  oddsLive: false,
  settledResult: null,
  cancelled: false,
  ...over,
});
const settings = { maxStakeCents: 1_000_000n, maxPayoutCents: 25_000_000n };
const picks = (n: number): SelectionInput[] =>
  Array.from({ length: n }, (_, i) => ({ gameId: id(i + 1), outcome: 'A' as const }));
const thrown = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err as DomainError;
  }
  throw new Error('expected a refusal');
};

describe('stake', () => {
  it.each([
    [10, 1000n],
    [0.01, 1n],
    [2.5, 250n],
    [0.1 + 0.2, 30n],
  ])('%s dollars is %s cents', (dollars, cents) => expect(parseStake(dollars)).toBe(cents));

  it.each([[undefined], [0], [-5], [Number.NaN]])('%s is refused with the spec message', (v) => {
    const err = thrown(() => parseStake(v));
    expect(err.message).toBe(MSG.emptyOrNoStake);
    expect(err.code).toBe('invalid_stake'); // its status is routes/errors.ts's
  });

  it('refuses three decimals', () => expect(thrown(() => parseStake(1.005)).message).toBe(MSG.stakeDecimals));
});

describe('slip shape', () => {
  it('refuses an empty slip, 11 selections, a one-leg multi, a bad id and two picks on one game', () => {
    expect(thrown(() => checkSlip('single', [])).message).toBe(MSG.emptyOrNoStake);
    expect(thrown(() => checkSlip('single', picks(11))).message).toBe(MSG.tooMany);
    expect(thrown(() => checkSlip('multi', picks(11))).message).toBe(MSG.tooMany);
    expect(thrown(() => checkSlip('multi', picks(1))).message).toBe(MSG.multiNeedsTwo);
    expect(thrown(() => checkSlip('single', [{ gameId: 'not-an-id', outcome: 'A' }])).message).toBe(
      MSG.invalidId,
    );
    expect(
      thrown(() => checkSlip('single', [{ gameId: id(1).toUpperCase().replace('0', 'G'), outcome: 'A' }]))
        .message,
    ).toBe(MSG.invalidId);
    expect(
      thrown(() =>
        checkSlip('multi', [
          { gameId: id(1), outcome: 'A' },
          { gameId: id(1), outcome: 'B' },
        ]),
      ).message,
    ).toBe(MSG.oneSelectionPerGame);
  });

  it('accepts 1..10 singles and 2..10 legs', () => {
    expect(checkSlip('single', picks(1))).toHaveLength(1);
    expect(checkSlip('single', picks(10))).toHaveLength(10);
    expect(checkSlip('multi', picks(2))).toHaveLength(2);
    expect(checkSlip('multi', picks(10))).toHaveLength(10);
  });
});

describe('which games take bets', () => {
  it.each<[string, Partial<GameState>, boolean]>([
    ['upcoming', {}, true],
    ['live with in-play odds', { status: 'live', oddsLive: true }, true],
    ['live with only pre-match odds', { status: 'live', oddsLive: false }, false],
    ['finished', { status: 'finished' }, false],
    ['settled (status not yet updated)', { settledResult: 'A' }, false],
    ['cancelled', { status: 'cancelled', cancelled: true }, false],
  ])('%s → open %s', (_, over, open) => expect(bettingState(game(1, over)).open).toBe(open));
});

describe('planning bets', () => {
  const games = new Map([1, 2, 3].map((n) => [id(n), game(n)]));

  it('singles: one bet per selection at the stake per bet, odds from the server', () => {
    const bets = planBets(
      'single',
      1000n,
      [
        { gameId: id(1), outcome: 'Draw' },
        { gameId: id(2), outcome: 'B' },
      ],
      games,
      settings,
    );
    expect(bets).toEqual([
      {
        betType: 'single',
        stakeCents: 1000n,
        legs: [{ gameId: id(1), market: '1x2', outcome: 'Draw', odds: 320 }],
        totalOdds: 320,
        potentialPayoutCents: 3200n,
      },
      {
        betType: 'single',
        stakeCents: 1000n,
        legs: [{ gameId: id(2), market: '1x2', outcome: 'B', odds: 360 }],
        totalOdds: 360,
        potentialPayoutCents: 3600n,
      },
    ]);
  });

  it('multi: one bet, total odds the product rounded down, payout exact and rounded down', () => {
    const [bet] = planBets('multi', 333n, picks(3), games, settings);
    // 2.10³ = 9.261 → 9.26 shown; 3.33 × 9.261 = 30.83913 → 30.83
    expect(bet.totalOdds).toBe(926);
    expect(bet.potentialPayoutCents).toBe(3083n);
    expect(bet.legs.map((l) => l.odds)).toEqual([210, 210, 210]);
  });

  it('a free bet: the token pays the stake, the stake is not returned (stake × odds − stake)', () => {
    const [bet] = asFreeBet(planBets('multi', 1_000n, picks(2), games, settings), true);
    // 2.10² = 4.41: 44.10 − 10.00
    expect(bet).toMatchObject({ stakeCents: 1_000n, potentialPayoutCents: 3_410n, freeBetCents: 1_000n });
    const [own] = asFreeBet(planBets('single', 1_000n, picks(1), games, settings), false);
    expect(own).toMatchObject({ potentialPayoutCents: 2_100n, freeBetCents: 0n });
  });

  it('refuses unknown, closed and unpriced games', () => {
    expect(
      thrown(() => planBets('single', 100n, [{ gameId: id(9), outcome: 'A' }], games, settings)).message,
    ).toBe(MSG.unknownGame);
    const closed = new Map([[id(1), game(1, { status: 'finished' })]]);
    expect(thrown(() => planBets('single', 100n, picks(1), closed, settings)).code).toBe('game_closed');
    const unpriced = new Map([[id(1), game(1, { odds: { A: 100, Draw: 300, B: 300 } })]]);
    expect(thrown(() => planBets('single', 100n, picks(1), unpriced, settings)).code).toBe('no_price');
  });

  it('enforces the maximum stake per bet and the maximum payout', () => {
    expect(thrown(() => planBets('single', 1_000_001n, picks(1), games, settings)).message).toBe(
      'The maximum stake per bet is $10,000.00.',
    );
    expect(() => planBets('single', 1_000_000n, picks(1), games, settings)).not.toThrow();
    // $10 000 × 2.10³ = $92 610 is fine; at 10.00 a leg it would be $10 000 000
    expect(() => planBets('multi', 1_000_000n, picks(3), games, settings)).not.toThrow();
    const long = new Map([1, 2, 3].map((n) => [id(n), game(n, { odds: { A: 1000, Draw: 300, B: 300 } })]));
    const err = thrown(() => planBets('multi', 1_000_000n, picks(3), long, settings));
    expect(err.code).toBe('max_payout');
  });
});

describe('markets beyond 1X2', () => {
  const game = (markets: Record<string, Record<string, number | null>> | null) => ({
    id: id(7),
    homeTeam: 'Arsenal',
    awayTeam: 'Chelsea',
    status: 'upcoming' as const,
    odds: { A: 210, Draw: 320, B: 360 },
    oddsLive: false,
    settledResult: null,
    cancelled: false,
    markets,
  });

  it("prices a pick from its market, 1X2 from the game's own odds, and refuses what is not offered", () => {
    const g = game({ 'ou_2.5': { over: 195, under: 185 }, btts: { yes: null, no: 120 } });
    const games = new Map([[g.id, g]]);
    const [bet] = planBets(
      'single',
      1000n,
      [{ gameId: g.id, market: 'ou_2.5', outcome: 'over' }],
      games,
      settings,
    );
    expect(bet.legs).toEqual([{ gameId: g.id, market: 'ou_2.5', outcome: 'over', odds: 195 }]);
    expect(bet.potentialPayoutCents).toBe(1950n);
    expect(priceOf(g, 'A')).toBe(210);
    expect(priceOf(g, 'yes', 'btts')).toBeNull();
    expect(() =>
      planBets('single', 1000n, [{ gameId: g.id, market: 'btts', outcome: 'yes' }], games, settings),
    ).toThrow(/no price/);
    const none = game(null);
    expect(() =>
      planBets(
        'single',
        1000n,
        [{ gameId: none.id, market: 'ou_2.5', outcome: 'over' }],
        new Map([[none.id, none]]),
        settings,
      ),
    ).toThrow(/no price/);
  });

  it('refuses a market or outcome outside the catalogue, and two picks on one game in any markets', () => {
    expect(() => checkSlip('single', [{ gameId: id(1), market: 'ou_2.5', outcome: 'A' }])).toThrow(
      MSG.unknownSelection,
    );
    expect(() => checkSlip('single', [{ gameId: id(1), market: 'nope', outcome: 'A' }])).toThrow(
      MSG.unknownSelection,
    );
    expect(() =>
      checkSlip('multi', [
        { gameId: id(1), outcome: 'A' },
        { gameId: id(1), market: 'btts', outcome: 'yes' },
      ]),
    ).toThrow(MSG.oneSelectionPerGame);
  });
});

describe('a market an admin suspended', () => {
  it('refuses that market by name and takes the others', () => {
    const g = {
      id: '5f1d7f0c9b1e8a3d4c2b1a01',
      homeTeam: 'Enyimba',
      awayTeam: 'Rivers United',
      status: 'upcoming' as const,
      odds: { A: 210, Draw: 320, B: 360 },
      oddsLive: false,
      settledResult: null,
      cancelled: false,
      markets: { btts: { yes: 180, no: 195 }, 'ou_2.5': { over: 190, under: 185 } },
      suspendedMarkets: ['btts'],
    };
    const games = new Map([[g.id, g]]);
    const settings = { maxStakeCents: 100_000n, maxPayoutCents: 10_000_000n };
    expect(() =>
      planBets('single', 500n, [{ gameId: g.id, market: 'btts', outcome: 'yes' }], games, settings),
    ).toThrow(
      'The Both Teams To Score market of Enyimba vs Rivers United is suspended. Please try another market.',
    );
    expect(
      planBets('single', 500n, [{ gameId: g.id, market: 'ou_2.5', outcome: 'over' }], games, settings)[0]
        .totalOdds,
    ).toBe(190);
  });
});

describe('promotions in a plan (issue 33, decision betting-009)', () => {
  const NOW = new Date();
  const boostId = 'b'.repeat(24);
  const boost = {
    promotionId: boostId,
    gameId: id(1),
    market: '1x2',
    outcome: 'A',
    boostedOdds: null,
    boostBp: 1000,
    maxStakeCents: 5_000n,
    isActive: true,
    expiresAt: null,
  };
  const acca = {
    promotionId: 'c'.repeat(24),
    tiers: [{ legs: 3, bp: 500 }],
    minOddsPerLeg: 150,
    isActive: true,
    expiresAt: null,
  };
  const games = new Map([1, 2, 3].map((n) => [id(n), game(n)]));
  const promos = (over = {}) => ({
    boosts: new Map([[boostId, boost]]),
    accaRules: [acca],
    freeBet: false,
    now: NOW,
    ...over,
  });

  it('prices a boosted pick at the boost and keeps the model price', () => {
    const [bet] = planBets(
      'single',
      1000n,
      [{ gameId: id(1), outcome: 'A', boostId }],
      games,
      settings,
      promos(),
    );
    expect(bet.legs[0]).toMatchObject({ odds: 231, boostId, baseOdds: 210 });
    expect(bet.potentialPayoutCents).toBe(2310n);
    expect(bet.acca).toBeUndefined();
  });

  it('a multi: the acca tier when no leg is boosted, none with a boosted leg or on a free bet', () => {
    const legs = picks(3);
    const [plain] = planBets('multi', 1000n, legs, games, settings, promos());
    // 10 × 2.10³ = 92.61; 5 % of 82.61 = 4.1305 → 4.13
    expect(plain.acca).toMatchObject({ promotionId: acca.promotionId, bp: 500, potentialCents: 413n });
    const boosted = [{ ...legs[0], boostId }, ...legs.slice(1)];
    expect(planBets('multi', 1000n, boosted, games, settings, promos())[0].acca).toBeUndefined();
    expect(
      planBets('multi', 1000n, legs, games, settings, promos({ freeBet: true }))[0].acca,
    ).toBeUndefined();
  });

  it('refuses a boost over its stake, and a boost on a suspended market as any pick', () => {
    expect(
      thrown(() =>
        planBets('single', 5_001n, [{ gameId: id(1), outcome: 'A', boostId }], games, settings, promos()),
      ).code,
    ).toBe('boost_max_stake');
    const suspended = new Map(games).set(id(1), game(1, { suspendedMarkets: ['1x2'] }));
    expect(
      thrown(() =>
        planBets('single', 100n, [{ gameId: id(1), outcome: 'A', boostId }], suspended, settings, promos()),
      ).code,
    ).toBe('market_suspended');
  });

  it('counts the acca bonus in the maximum payout', () => {
    // 92.61 alone fits a 95.00 ceiling; with its 4.13 bonus it does not
    const tight = { ...settings, maxPayoutCents: 9_500n };
    expect(planBets('multi', 1000n, picks(3), games, tight)[0].potentialPayoutCents).toBe(9_261n);
    expect(thrown(() => planBets('multi', 1000n, picks(3), games, tight, promos())).code).toBe('max_payout');
  });
});
