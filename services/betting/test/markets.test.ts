import { eventually } from '@bet/kit/testing';
import {
  BetsSettled,
  GamesCreated,
  GamesResultCorrected,
  GamesSettled,
  MARKETS,
  validate,
} from '@bet/proto-events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { betsOf, call, drained, envelope, gameData, type Harness, player, startHarness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

/** a price for every outcome of every market, distinct, in hundredths */
function marketOdds() {
  const out: Record<string, Record<string, number>> = {};
  MARKETS.forEach((m, i) => {
    out[m.key] = Object.fromEntries(m.outcomes.map((o, j) => [o, 150 + 13 * i + 7 * j]));
  });
  out['1x2'] = { A: 210, Draw: 320, B: 360 };
  return out;
}

let t = Date.now();
const at = () => {
  t = Math.max(t + 1, Date.now());
  return new Date(t);
};

async function publish(subject: string, schema: unknown, data: any) {
  expect(validate(schema as any, data)).toEqual([]);
  await h.infra.bus.publish(envelope(subject, data, at()));
}

async function gameWithMarkets() {
  const game = gameData();
  const markets = marketOdds();
  await publish(GamesCreated.subject, GamesCreated.schema, { game, markets });
  await eventually(async () => {
    const r = await h.svc.ctx.db
      .selectFrom('games')
      .selectAll()
      .where('id', '=', game._id)
      .executeTakeFirst();
    return r?.market_odds != null;
  });
  return { game, markets };
}

type P = Awaited<ReturnType<typeof player>>;
async function single(p: P, gameId: string, market: string, outcome: string) {
  const res = await call(h, 'POST', '/api/v1/bets/singles', p.auth, {
    stakePerBet: 10,
    selections: [{ gameId, market, outcome }],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.bets[0];
}

/** one pick per market on a game finishing 2-1 after 1-1 at half time, and how each ends */
const PICKS: Array<[market: string, outcome: string, result: 'won' | 'lost' | 'push']> = [
  ['1x2', 'A', 'won'],
  ['dc', 'X2', 'lost'],
  ['dnb', 'A', 'won'],
  ['ou_0.5', 'over', 'won'],
  ['ou_1.5', 'under', 'lost'],
  ['ou_2.5', 'over', 'won'],
  ['ou_3.5', 'under', 'won'],
  ['ou_4.5', 'over', 'lost'],
  ['tt_home_0.5', 'over', 'won'],
  ['tt_home_1.5', 'under', 'lost'],
  ['tt_away_0.5', 'over', 'won'],
  ['tt_away_1.5', 'over', 'lost'],
  ['btts', 'yes', 'won'],
  ['cs', '2-1', 'won'],
  ['ht', 'Draw', 'won'],
  ['htft', 'Draw/A', 'won'],
  ['eh_-1', 'Draw', 'won'],
  ['eh_+1', 'B', 'lost'],
  ['ah_-1.5', 'A', 'lost'],
  ['ah_-0.5', 'A', 'won'],
  ['ah_+0.5', 'B', 'lost'],
  ['ah_+1.5', 'B', 'lost'],
];

describe('every market, placed and settled', () => {
  it('one bet per market on one game: each taken at its market price, each paid to the cent, and a correction re-settles them', async () => {
    expect(new Set(PICKS.map((p) => p[0])).size).toBe(MARKETS.length);
    const { game, markets } = await gameWithMarkets();
    const p = await player(h);
    const bets: Array<{ id: string; price: number; result: string; market: string; outcome: string }> = [];
    for (const [market, outcome, result] of PICKS) {
      const b = await single(p, game._id, market, outcome);
      const price = markets[market][outcome];
      expect(b.selections[0]).toMatchObject({ outcome, odds: price / 100 });
      if (market !== '1x2') expect(b.selections[0].market).toBe(market);
      else expect(b.selections[0].market).toBeUndefined();
      bets.push({ id: b._id, price, result, market, outcome });
    }
    // the labels players read
    const mine = (await call(h, 'GET', '/api/v1/bets?limit=50', p.auth)).body;
    const labels = JSON.stringify(mine);
    for (const label of ['Over 2.5', 'BTTS Yes', 'Correct Score 2-1', 'HT/FT Draw/Enyimba'])
      expect(labels).toContain(label);

    await publish(GamesSettled.subject, GamesSettled.schema, {
      gameId: game._id,
      result: 'A',
      scores: { home: 2, away: 1 },
      htScores: { home: 1, away: 1 },
      settledAt: at().toISOString(),
    });
    const settled = (id: string) => betsOf(h, BetsSettled.subject, id);
    await eventually(() => bets.every((b) => settled(b.id).length === 1));
    for (const b of bets) {
      const e = settled(b.id)[0].data;
      // stake $10 = 1000 cents: a win pays 1000 × price / 100
      const payout = b.result === 'won' ? 10 * b.price : b.result === 'push' ? 1000 : 0;
      expect(e, `${b.market} ${b.outcome}`).toMatchObject({
        status: b.result === 'lost' ? 'lost' : 'won',
        payoutCents: payout,
      });
    }

    // 3-1: Under 3.5, Correct Score 2-1 and the handicap draw (−1) now lose, home −1.5 now wins;
    // the 1X2 result stands
    await publish(GamesResultCorrected.subject, GamesResultCorrected.schema, {
      gameId: game._id,
      previousResult: 'A',
      result: 'A',
      scores: { home: 3, away: 1 },
      htScores: { home: 1, away: 1 },
      correctedAt: at().toISOString(),
      correctedBy: game._id,
    });
    const flipped: Record<string, 'won' | 'lost'> = {
      'ou_3.5': 'lost',
      cs: 'lost',
      'eh_-1': 'lost',
      'ah_-1.5': 'won',
    };
    const moved = bets.filter((b) => b.market in flipped);
    await eventually(() => moved.every((b) => settled(b.id).length === 2));
    for (const b of moved) {
      const now = flipped[b.market];
      expect(settled(b.id)[1].data, b.market).toMatchObject({
        status: now,
        payoutCents: now === 'won' ? 10 * b.price : 0,
        correction: 1,
        adjustmentCents: now === 'won' ? 10 * b.price : -10 * b.price,
      });
    }
    // every other bet ends as it was: nothing more is published for it
    await drained(h);
    for (const b of bets.filter((x) => !(x.market in flipped)))
      expect(settled(b.id), b.market).toHaveLength(1);
  });

  it('Draw No Bet on a draw gives the stake back; a market without a price or a second pick on one game is refused', async () => {
    const { game } = await gameWithMarkets();
    const p = await player(h);
    const dnb = await single(p, game._id, 'dnb', 'A');
    const noHt = await single(p, game._id, 'ht', 'A');
    await publish(GamesSettled.subject, GamesSettled.schema, {
      gameId: game._id,
      result: 'Draw',
      scores: { home: 1, away: 1 },
      settledAt: at().toISOString(),
    });
    const settled = (id: string) => betsOf(h, BetsSettled.subject, id);
    await eventually(() => settled(dnb._id).length === 1 && settled(noHt._id).length === 1);
    expect(settled(dnb._id)[0].data).toMatchObject({ status: 'won', payoutCents: 1000 });
    // no half-time score was recorded: the half-time market gives the stake back
    expect(settled(noHt._id)[0].data).toMatchObject({ status: 'won', payoutCents: 1000 });
    const view = (await call(h, 'GET', `/api/v1/bets/${dnb._id}`, p.auth)).body.bet;
    expect(view.selections[0]).toMatchObject({
      market: 'dnb',
      result: 'push',
      label: 'Enyimba (Draw No Bet)',
    });

    const other = await gameWithMarkets();
    const twoOnOne = await call(h, 'POST', '/api/v1/bets/multi', p.auth, {
      stake: 10,
      selections: [
        { gameId: other.game._id, outcome: 'A' },
        { gameId: other.game._id, market: 'ou_2.5', outcome: 'over' },
      ],
    });
    expect(twoOnOne.status).toBe(400);
    expect(twoOnOne.body.msg).toBe('You can only pick one outcome per game.');
    const badOutcome = await call(h, 'POST', '/api/v1/bets/singles', p.auth, {
      stakePerBet: 10,
      selections: [{ gameId: other.game._id, market: 'ou_2.5', outcome: 'A' }],
    });
    expect(badOutcome.status).toBe(400);
    expect(badOutcome.body.msg).toBe('selections[0].outcome must be one of: over, under');
    const badMarket = await call(h, 'POST', '/api/v1/bets/singles', p.auth, {
      stakePerBet: 10,
      selections: [{ gameId: other.game._id, market: 'ou_9.5', outcome: 'over' }],
    });
    expect(badMarket.status).toBe(400);
    // a game whose markets were never announced offers only 1X2
    const plain = gameData();
    await publish(GamesCreated.subject, GamesCreated.schema, { game: plain });
    await eventually(async () =>
      h.svc.ctx.db.selectFrom('games').select('id').where('id', '=', plain._id).executeTakeFirst(),
    );
    const noPrice = await call(h, 'POST', '/api/v1/bets/singles', p.auth, {
      stakePerBet: 10,
      selections: [{ gameId: plain._id, market: 'btts', outcome: 'yes' }],
    });
    expect(noPrice.status).toBe(422);
    expect(noPrice.body.msg).toMatch(/no price for this pick/);
  });
});
