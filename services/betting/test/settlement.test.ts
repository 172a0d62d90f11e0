import { eventually } from '@bet/kit/testing';
import { BetsCashedOut, BetsSettled, BetsVoided, validate } from '@bet/proto-events';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../src/context';
import { betsOf, call, drained, Games, type Harness, player, startHarness } from './harness';

let h: Harness;
let games: Games;

beforeAll(async () => {
  h = await startHarness();
  games = new Games(h);
});
afterAll(async () => h?.close());

type P = Awaited<ReturnType<typeof player>>;
const single = async (p: P, gameId: string, outcome: 'A' | 'Draw' | 'B', stake = 10) => {
  const res = await call(h, 'POST', '/api/v1/bets/singles', p.auth, {
    stakePerBet: stake,
    selections: [{ gameId, outcome }],
  });
  expect(res.status).toBe(201);
  return res.body.bets[0];
};
const multi = async (p: P, picks: Array<[string, 'A' | 'Draw' | 'B']>, stake = 10) => {
  const res = await call(h, 'POST', '/api/v1/bets/multi', p.auth, {
    stake,
    selections: picks.map(([gameId, outcome]) => ({ gameId, outcome })),
  });
  expect(res.status).toBe(201);
  return res.body.bets[0];
};
const bet = async (p: P, id: string) => (await call(h, 'GET', `/api/v1/bets/${id}`, p.auth)).body.bet;
const settledOf = (betId: string) => betsOf(h, BetsSettled.subject, betId);
const quiet = () => drained(h);

describe('settling on games.settled', () => {
  it('resolves singles won and lost and publishes what the wallet pays', async () => {
    const g = await games.create();
    const p = await player(h);
    const win = await single(p, g._id, 'A');
    const lose = await single(p, g._id, 'B');
    await games.settle(g._id, 'A');
    await eventually(() => settledOf(win._id).length === 1 && settledOf(lose._id).length === 1);
    expect(settledOf(win._id)[0].data).toMatchObject({
      betId: win._id,
      userId: p.id,
      status: 'won',
      stakeCents: 1000,
      payoutCents: 2100,
    });
    expect(settledOf(lose._id)[0].data).toMatchObject({ status: 'lost', stakeCents: 1000, payoutCents: 0 });
    for (const e of [...settledOf(win._id), ...settledOf(lose._id)])
      expect(validate(BetsSettled.schema, e.data)).toEqual([]);
    expect(await bet(p, win._id)).toMatchObject({
      status: 'won',
      payout: 21,
      selections: [{ result: 'won', game: { status: 'finished' } }],
    });
    expect(await bet(p, lose._id)).toMatchObject({
      status: 'lost',
      payout: 0,
      selections: [{ result: 'lost' }],
    });
    expect((await bet(p, win._id)).settledAt).not.toBeNull();
  });

  it('a multi loses as soon as one leg loses, and wins only when every leg has won', async () => {
    const [g1, g2, g3] = await Promise.all([
      games.create(),
      games.create(),
      games.create({ odds: { home: 1.5, draw: 3, away: 5 } }),
    ]);
    const p = await player(h);
    const losing = await multi(p, [
      [g1._id, 'A'],
      [g2._id, 'B'],
      [g3._id, 'A'],
    ]);
    const winning = await multi(
      p,
      [
        [g1._id, 'A'],
        [g2._id, 'A'],
        [g3._id, 'A'],
      ],
      3.33,
    );
    await games.settle(g2._id, 'A');
    await eventually(() => settledOf(losing._id).length === 1);
    expect(settledOf(losing._id)[0].data).toMatchObject({ status: 'lost', payoutCents: 0 });
    await games.settle(g1._id, 'A');
    await quiet();
    expect(settledOf(winning._id)).toHaveLength(0);
    expect((await bet(p, winning._id)).status).toBe('pending');
    await games.settle(g3._id, 'A');
    await eventually(() => settledOf(winning._id).length === 1);
    // 3.33 × 2.10 × 2.10 × 1.50 = 22.02795 → 22.02
    expect(settledOf(winning._id)[0].data).toMatchObject({ status: 'won', payoutCents: 2202 });
    expect(await bet(p, winning._id)).toMatchObject({ status: 'won', payout: 22.02 });
    expect(settledOf(losing._id)).toHaveLength(1);
  });

  it('a replayed or repeated result has one effect', async () => {
    const g = await games.create();
    const p = await player(h);
    const b = await single(p, g._id, 'Draw');
    const first = games.settledEvent(g._id, 'Draw');
    await h.infra.bus.publish(first);
    await eventually(() => settledOf(b._id).length === 1);
    // the same event again, our own outbox replayed, and a second, different result for the game
    // (handler-level replays past the bus's de-duplication window are in replay.test.ts)
    await h.infra.bus.publish({ ...first });
    await h.svc.ctx.relay.replaySince(new Date(Date.now() - 60_000));
    await h.infra.bus.publish(games.settledEvent(g._id, 'A'));
    await quiet();
    expect(settledOf(b._id)).toHaveLength(1);
    expect(await bet(p, b._id)).toMatchObject({ status: 'won', payout: 32 });
  });
});

describe('cancelled games', () => {
  it('voids a single and refunds it; voids a leg of a multi at 1.00', async () => {
    const [g1, g2, g3] = await Promise.all([games.create(), games.create(), games.create()]);
    const p = await player(h);
    const s = await single(p, g1._id, 'A', 7.5);
    const partly = await multi(p, [
      [g1._id, 'A'],
      [g2._id, 'A'],
    ]);
    const allVoid = await multi(p, [
      [g1._id, 'B'],
      [g3._id, 'A'],
    ]);
    await games.cancel(g1._id);
    await eventually(() => betsOf(h, BetsVoided.subject, s._id).length === 1);
    const voided = betsOf(h, BetsVoided.subject, s._id)[0].data;
    expect(validate(BetsVoided.schema, voided)).toEqual([]);
    expect(voided).toMatchObject({
      betId: s._id,
      userId: p.id,
      refundCents: 750,
      reason: 'Game cancelled: Enyimba vs Rivers United',
    });
    expect(await bet(p, s._id)).toMatchObject({
      status: 'cancelled',
      payout: 7.5,
      selections: [{ result: 'void' }],
    });
    expect((await bet(p, partly._id)).status).toBe('pending');
    await games.settle(g2._id, 'A');
    await eventually(() => settledOf(partly._id).length === 1);
    expect(settledOf(partly._id)[0].data).toMatchObject({ status: 'won', payoutCents: 2100 });
    await games.cancel(g3._id);
    await eventually(() => betsOf(h, BetsVoided.subject, allVoid._id).length === 1);
    expect(betsOf(h, BetsVoided.subject, allVoid._id)[0].data).toMatchObject({
      refundCents: 1000,
      reason: 'Every game of this bet was cancelled',
    });
    expect(await bet(p, allVoid._id)).toMatchObject({ status: 'cancelled', payout: 10 });
    // a replayed cancellation changes nothing
    await games.cancel(g1._id);
    await quiet();
    expect(betsOf(h, BetsVoided.subject, s._id)).toHaveLength(1);
    expect(settledOf(s._id)).toHaveLength(0);
  });
});

describe('result corrections', () => {
  it('re-settles with compensation: numbered corrections carrying the money to move', async () => {
    const [g, other] = await Promise.all([games.create(), games.create()]);
    const p = await player(h);
    const onA = await single(p, g._id, 'A');
    const onDraw = await single(p, g._id, 'Draw');
    const reopened = await multi(p, [
      [g._id, 'Draw'],
      [other._id, 'A'],
    ]);
    await games.settle(g._id, 'A');
    await eventually(
      () =>
        settledOf(onA._id).length === 1 &&
        settledOf(onDraw._id).length === 1 &&
        settledOf(reopened._id).length === 1,
    );

    const fix = await games.correct(g._id, 'A', 'Draw');
    await eventually(() => settledOf(onA._id).length === 2 && settledOf(onDraw._id).length === 2);
    expect(settledOf(onA._id)[1].data).toMatchObject({
      status: 'lost',
      payoutCents: 0,
      correction: 1,
      adjustmentCents: -2100,
    });
    expect(settledOf(onDraw._id)[1].data).toMatchObject({
      status: 'won',
      payoutCents: 3200,
      correction: 1,
      adjustmentCents: 3200,
    });
    expect(await bet(p, onA._id)).toMatchObject({ status: 'lost', payout: 0 });
    expect(await bet(p, onDraw._id)).toMatchObject({
      status: 'won',
      payout: 32,
      selections: [{ result: 'won' }],
    });
    // the multi lost on that leg; now its leg won and the other game is still to play
    await eventually(async () => (await bet(p, reopened._id)).status === 'pending');
    expect(settledOf(reopened._id)).toHaveLength(1);

    // replaying the correction has no effect
    await h.infra.bus.publish({ ...fix, id: fix.id });
    await quiet();
    expect(settledOf(onA._id)).toHaveLength(2);

    await games.correct(g._id, 'Draw', 'A');
    await eventually(() => settledOf(onA._id).length === 3);
    expect(settledOf(onA._id)[2].data).toMatchObject({
      status: 'won',
      payoutCents: 2100,
      correction: 2,
      adjustmentCents: 2100,
    });
    expect(settledOf(onDraw._id)[2].data).toMatchObject({
      status: 'lost',
      correction: 2,
      adjustmentCents: -3200,
    });
    await eventually(async () => (await bet(p, reopened._id)).status === 'lost');
    // lost again, as first announced: nothing for the wallet to move
    expect(settledOf(reopened._id)).toHaveLength(1);
    for (const e of settledOf(onA._id)) expect(validate(BetsSettled.schema, e.data)).toEqual([]);
  });
});

describe('races', () => {
  it('a game settled while the stake debit is in flight still settles the bet once it is accepted', async () => {
    const g = await games.create();
    const p = await player(h);
    h.wallet.delayMs = 600;
    const placing = call(h, 'POST', '/api/v1/bets/singles', p.auth, {
      stakePerBet: 10,
      selections: [{ gameId: g._id, outcome: 'A' }],
    });
    // the bets are recorded unpaid and the debit is on its way to the (slow) wallet
    await eventually(() =>
      h.svc.ctx.db.selectFrom('placements').select('id').where('user_id', '=', p.id).executeTakeFirst(),
    );
    await games.settle(g._id, 'A');
    const res = await placing;
    h.wallet.delayMs = 0;
    expect(res.status).toBe(201);
    const id = res.body.bets[0]._id;
    await eventually(() => settledOf(id).length === 1);
    expect(settledOf(id)[0].data).toMatchObject({ status: 'won', payoutCents: 2100 });
  });

  it('a multi re-opened by a correction while its other game settles is settled, not left pending', async () => {
    const [g, last] = await Promise.all([games.create(), games.create()]);
    const p = await player(h);
    const m = await multi(p, [
      [g._id, 'A'],
      [last._id, 'A'],
    ]);
    await games.settle(g._id, 'B');
    await eventually(() => settledOf(m._id).length === 1); // lost on g
    // `last` is being settled in a transaction held open: its legs are decided and its bets
    // flagged, but the multi is still `lost` there, so it is not among them
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    let flagged!: () => void;
    const flagging = new Promise<void>((r) => {
      flagged = r;
    });
    const settling = h.svc.ctx.db.transaction().execute(async (trx) => {
      await (h.svc.ctx as AppContext).settler.applyResult(trx, {
        gameId: last._id,
        result: 'A',
        scores: { home: 2, away: 1 },
        at: new Date(),
        kind: 'settled',
      });
      flagged();
      await held;
    });
    await flagging;
    // meanwhile a correction re-opens the multi: its leg on g has won after all
    await games.correct(g._id, 'B', 'A');
    const waitingOnLock = async () =>
      (
        await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`.execute(h.svc.ctx.db)
      ).rows[0].n > 0;
    // the settler has evaluated it (re-opened, `last` looking open) or is waiting for `last`
    await eventually(async () => (await bet(p, m._id)).status === 'pending' || (await waitingOnLock()));
    release();
    await settling;
    await eventually(async () => (await bet(p, m._id)).status === 'won', 5_000);
    expect(settledOf(m._id).at(-1)?.data).toMatchObject({ status: 'won', correction: 1 });
  });

  it('a cash-out racing the result: every bet is cashed out or settled, never both', async () => {
    const g = await games.live(await games.create(), { home: 1.5, draw: 4, away: 6 });
    const p = await player(h, 1_000_000);
    const bets = await Promise.all(Array.from({ length: 20 }, () => single(p, g._id, 'A', 10)));
    const asked = h.liveCheck.asked.length;
    const cashing = Promise.all(bets.map((b) => call(h, 'POST', `/api/v1/bets/${b._id}/cash-out`, p.auth)));
    // the first cash-outs are under way (checking the live price) when the result comes
    await eventually(() => h.liveCheck.asked.length > asked);
    await games.settle(g._id, 'A');
    const answers = await cashing;
    await eventually(() =>
      bets.every((b) => settledOf(b._id).length + betsOf(h, BetsCashedOut.subject, b._id).length >= 1),
    );
    await quiet();
    let cashed = 0;
    for (const [i, b] of bets.entries()) {
      const s = settledOf(b._id).length;
      const c = betsOf(h, BetsCashedOut.subject, b._id).length;
      expect(s + c).toBe(1);
      const final = await bet(p, b._id);
      if (answers[i].status === 200) {
        cashed++;
        expect(c).toBe(1);
        expect(final).toMatchObject({ status: 'won', cashedOut: true, payout: answers[i].body.amount });
      } else {
        expect(answers[i].status).toBeGreaterThanOrEqual(400);
        expect(answers[i].status).toBeLessThan(500);
        expect(s).toBe(1);
        expect(final).toMatchObject({ status: 'won', cashedOut: false });
      }
    }
    // both sides of the race were exercised or at least the result side was: never a 5xx, never both
    expect(cashed).toBeLessThanOrEqual(bets.length);
  });
});
