import { eventually } from '@bet/kit/testing';
import { BetsCashedOut, validate } from '@bet/proto-events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { betsOf, call, drained, Games, type Harness, player, startHarness } from './harness';

let h: Harness;
let games: Games;

beforeAll(async () => {
  h = await startHarness({ env: { CASHOUT_MARGIN: '0.05' } });
  games = new Games(h);
});
afterAll(async () => h?.close());

type P = Awaited<ReturnType<typeof player>>;
const single = async (p: P, gameId: string, outcome = 'A', stake = 10) =>
  (
    await call(h, 'POST', '/api/v1/bets/singles', p.auth, {
      stakePerBet: stake,
      selections: [{ gameId, outcome }],
    })
  ).body.bets[0];

describe('cash-out', () => {
  it('offers and pays stake × placed odds ÷ current odds less the margin, rounded down, once', async () => {
    const g = await games.live(await games.create(), { home: 3, draw: 3, away: 2.5 });
    const p = await player(h);
    const bet = await single(p, g._id, 'A', 10);
    expect(bet.totalOdds).toBe(3);
    await games.odds(g._id, { home: 1.6, draw: 3.8, away: 5.5 });
    // 10 × 3.00 ÷ 1.60 = 18.75; × 0.95 = 17.8125 → 17.81
    const offer = await call(h, 'GET', `/api/v1/bets/${bet._id}/cash-out`, p.auth);
    expect(offer).toMatchObject({ status: 200, body: { available: true, amount: 17.81 } });
    const res = await call(h, 'POST', `/api/v1/bets/${bet._id}/cash-out`, p.auth);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      msg: 'Bet cashed out successfully!',
      amount: 17.81,
      // beyond the spec's four statuses: a cash-out is `won` with `cashedOut: true`
      bet: { _id: bet._id, status: 'won', cashedOut: true, payout: 17.81 },
    });
    // and the spec's `won` filter reaches it; `cashed_out` narrows to cash-outs
    const wonIds = (await call(h, 'GET', '/api/v1/bets?status=won', p.auth)).body.bets.map((b: any) => b._id);
    expect(wonIds).toContain(bet._id);
    const cashed = (await call(h, 'GET', '/api/v1/bets?status=cashed_out', p.auth)).body.bets;
    expect(cashed.map((b: any) => [b._id, b.status, b.cashedOut])).toEqual([[bet._id, 'won', true]]);
    await eventually(() => betsOf(h, BetsCashedOut.subject, bet._id).length === 1);
    const evt = betsOf(h, BetsCashedOut.subject, bet._id)[0].data;
    expect(validate(BetsCashedOut.schema, evt)).toEqual([]);
    expect(evt).toMatchObject({ userId: p.id, stakeCents: 1000, amountCents: 1781 });
    const twice = await call(h, 'POST', `/api/v1/bets/${bet._id}/cash-out`, p.auth);
    expect(twice).toMatchObject({ status: 409, body: { msg: 'Only pending bets can be cashed out.' } });
    expect(await call(h, 'GET', `/api/v1/bets/${bet._id}/cash-out`, p.auth)).toMatchObject({
      status: 200,
      body: { available: false, amount: 0, reason: 'Only pending bets can be cashed out.' },
    });
    // the result afterwards changes nothing
    await games.settle(g._id, 'A');
    await drained(h);
    expect((await call(h, 'GET', `/api/v1/bets/${bet._id}`, p.auth)).body.bet).toMatchObject({
      status: 'won',
      cashedOut: true,
      payout: 17.81,
    });
    expect(betsOf(h, 'bets.settled', bet._id)).toHaveLength(0);
  });

  it('refuses a cash-out at a live price games no longer vouches for, moving no money', async () => {
    const g = await games.live(await games.create(), { home: 3, draw: 3, away: 2.5 });
    const p = await player(h);
    const bet = await single(p, g._id, 'A', 10);
    await games.odds(g._id, { home: 1.6, draw: 3.8, away: 5.5 });
    h.liveCheck.suspended.add(g._id);
    try {
      const res = await call(h, 'POST', `/api/v1/bets/${bet._id}/cash-out`, p.auth);
      expect(res).toMatchObject({
        status: 422,
        body: {
          msg: 'Betting on Enyimba vs Rivers United is suspended while its in-play prices update. Please try again in a moment.',
        },
      });
    } finally {
      h.liveCheck.suspended.delete(g._id);
    }
    expect(betsOf(h, BetsCashedOut.subject, bet._id)).toEqual([]);
    expect((await call(h, 'GET', `/api/v1/bets/${bet._id}`, p.auth)).body.bet.status).toBe('pending');
  });

  it('never offers more than the potential payout', async () => {
    const g = await games.live(await games.create(), { home: 2, draw: 3, away: 4 });
    const p = await player(h);
    const bet = await single(p, g._id, 'A', 10);
    await games.odds(g._id, { home: 1.01, draw: 15, away: 30 });
    // 10 × 2.00 ÷ 1.01 × 0.95 = 18.81 < 20.00
    expect((await call(h, 'GET', `/api/v1/bets/${bet._id}/cash-out`, p.auth)).body).toEqual({
      available: true,
      amount: 18.81,
    });
  });

  it("refuses someone else's bet, a multi, an upcoming game, suspended odds and a finished game — no money moves", async () => {
    const [upcoming, other] = await Promise.all([games.create(), games.create()]);
    const live = await games.live(await games.create());
    const owner = await player(h);
    const stranger = await player(h);
    const onLive = await single(owner, live._id);
    const onUpcoming = await single(owner, upcoming._id);
    const multi = (
      await call(h, 'POST', '/api/v1/bets/multi', owner.auth, {
        stake: 5,
        selections: [
          { gameId: live._id, outcome: 'A' },
          { gameId: other._id, outcome: 'A' },
        ],
      })
    ).body.bets[0];
    const post = (p: P, id: string) => call(h, 'POST', `/api/v1/bets/${id}/cash-out`, p.auth);
    expect(await post(stranger, onLive._id)).toMatchObject({ status: 404, body: { msg: 'Bet not found' } });
    expect((await call(h, 'GET', `/api/v1/bets/${onLive._id}/cash-out`, stranger.auth)).status).toBe(404);
    expect(await post(owner, multi._id)).toMatchObject({
      status: 422,
      body: { msg: 'Only bets with exactly one selection can be cashed out.' },
    });
    expect(await post(owner, onUpcoming._id)).toMatchObject({
      status: 422,
      body: { msg: 'Cash-out is only available while the game is live.' },
    });
    expect(await post(owner, '0'.repeat(24))).toMatchObject({ status: 404, body: { msg: 'Bet not found' } });
    expect((await post(owner, 'nope')).status).toBe(400);
    expect((await call(h, 'POST', `/api/v1/bets/${onLive._id}/cash-out`)).status).toBe(401);
    // odds go back to pre-match prices (suspended)
    await games.odds(live._id, { home: 2, draw: 3, away: 4 }, false);
    expect(await post(owner, onLive._id)).toMatchObject({
      status: 422,
      body: { msg: 'Cash-out is suspended until in-play odds are available.' },
    });
    await games.update({ ...live, status: 'finished', result: 'A' });
    expect(await post(owner, onLive._id)).toMatchObject({
      status: 422,
      body: { msg: 'Cash-out is only available while the game is live.' },
    });
    await drained(h);
    expect(betsOf(h, BetsCashedOut.subject).filter((e) => e.data.userId === owner.id)).toHaveLength(0);
    expect(h.wallet.credits.filter((c) => c.userId === owner.id)).toHaveLength(0);
  });
});
