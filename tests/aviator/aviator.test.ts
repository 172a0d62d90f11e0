import { newId } from '@bet/kit';
import { eventually } from '@bet/kit/testing';
import { AviatorBetUpdated, AviatorCashedOut, AviatorOpenBets, AviatorState } from '@bet/proto-events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextLink } from '../../services/aviator/src/domain/fairness';
import { msToReach } from '../../services/aviator/src/domain/multiplier';
import {
  api,
  balance,
  bet,
  latest,
  liftOff,
  player,
  roundWhere,
  type Stack,
  setLimits,
  startStack,
} from './stack';

let s: Stack;
beforeAll(async () => {
  s = await startStack({ AVIATOR_MAX_WIN: '60', AVIATOR_ROUND_MAX_PAYOUT: '100', AVIATOR_MIN_STAKE: '0.5' });
}, 60_000);
afterAll(async () => {
  await s?.close();
});

const place = (auth: Record<string, string>, body: unknown) =>
  api(s.aviator, 'POST', '/api/v1/aviator/place-bet', auth, body);
const cashOut = (auth: Record<string, string>, body: unknown = {}) =>
  api(s.aviator, 'POST', '/api/v1/aviator/cash-out', auth, body);

describe('aviator', () => {
  it('shows a round to visitors with the published hash and the history strip', async () => {
    const round = await roundWhere(s, () => true);
    const st = await api(s.aviator, 'GET', '/api/v1/aviator/state');
    expect(st.status).toBe(200);
    expect(st.body).toMatchObject({ state: 'betting', multiplier: 1, roundId: round.id });
    expect(st.body.publicHash).toMatch(/^[0-9a-f]{64}$/);
    expect(st.body.bettingEndsAt).toBe(round.betting_ends_at.toISOString());
    expect(Array.isArray(st.body.history)).toBe(true);
  });

  it("shows each round's own commitment: SHA-256 of its hash, the hash the round before revealed", async () => {
    const pushed: any[] = [];
    const sub = s.infra.bus.listen(AviatorState.subject, (data) => pushed.push(data));
    try {
      const first = await roundWhere(s, () => true);
      const next = await roundWhere(s, (_c, r) => r.idx > first.idx);
      const before = await s.aviator.ctx.db
        .selectFrom('rounds')
        .selectAll()
        .where('idx', '=', next.idx - 1)
        .executeTakeFirstOrThrow();
      const st = await api(s.aviator, 'GET', '/api/v1/aviator/state');
      expect(st.body.roundId).toBe(next.id);
      expect(st.body.publicHash).toBe(nextLink(next.hash));
      // the commitment is the previous round's revealed hash, so it checks against it
      expect(st.body.publicHash).toBe(before.hash);
      const fair = await api(s.aviator, 'GET', '/api/v1/aviator/fairness');
      expect(st.body.publicHash).not.toBe(fair.body.terminatingHash);
      // the pushes say the same, round by round
      await eventually(() => pushed.some((p) => p.roundId === next.id && p.state === 'betting'));
      for (const p of pushed.filter((p) => p.roundId === next.id && p.publicHash))
        expect(p.publicHash).toBe(nextLink(next.hash));
      const hashes = new Set(pushed.filter((p) => p.publicHash).map((p) => p.publicHash));
      expect(hashes.size).toBeGreaterThan(1);
      // between rounds: the next round's commitment, which is the hash this one revealed
      await liftOff(s, next);
      s.clock.advance(3_600_000);
      const crashed = await eventually(async () => {
        const r = await latest(s.aviator);
        return r.id === next.id && r.state === 'crashed' ? r : null;
      }, 10_000);
      s.clock.set(crashed.crashed_at.getTime() + 150); // AVIATOR_CRASHED_MS 100 + WAITING_MS 100
      const waiting = await api(s.aviator, 'GET', '/api/v1/aviator/state');
      expect(waiting.body).toMatchObject({ state: 'waiting', publicHash: next.hash });
    } finally {
      await sub.stop();
    }
  });

  it('cashes out on a POST without a body, as the spec client sends it (every active bet)', async () => {
    const p = await player(s, 20);
    const bodiless = () => api(s.aviator, 'POST', '/api/v1/aviator/cash-out', p.auth);
    // nothing in the air: the domain's answer, not a validation error
    expect(await bodiless()).toMatchObject({ status: 409 });
    const round = await roundWhere(s, (c) => c > 150);
    expect((await place(p.auth, { stake: 5 })).status).toBe(201);
    expect((await place(p.auth, { stake: 5 })).status).toBe(201);
    const running = await liftOff(s, round);
    s.clock.set(running.started_at.getTime() + msToReach(120));
    const out = await bodiless();
    expect(out).toMatchObject({ status: 200, body: { multiplier: 1.2, payout: 12 } });
    expect(out.body.bets).toHaveLength(2);
  });

  it('counts a stake in the air as an open bet for closing the account (aviator.open_bets)', async () => {
    const p = await player(s, 20);
    const open = async () =>
      (await s.infra.bus.request<{ openBets: number }>(AviatorOpenBets.subject, { userId: p.id })).openBets;
    expect(await open()).toBe(0);
    const round = await roundWhere(s, (c) => c > 150);
    expect((await place(p.auth, { stake: 5 })).status).toBe(201);
    expect(await open()).toBe(1);
    const running = await liftOff(s, round);
    expect(await open()).toBe(1);
    s.clock.set(running.started_at.getTime() + msToReach(Number(running.crash_point)));
    await eventually(async () => (await latest(s.aviator)).state === 'crashed', 10_000);
    expect(await open()).toBe(0);
  });

  it('takes two bets, one with auto cash-out, pays each exactly once', async () => {
    const p = await player(s, 100);
    const round = await roundWhere(s, (c) => c > 180);
    const a = await place(p.auth, { stake: 10, autoCashOut: 1.5 });
    expect(a.status).toBe(201);
    expect(a.body).toMatchObject({ msg: 'Bet placed!', panel: 1, stake: 10, autoCashOut: 1.5, balance: 90 });
    const b = await place(p.auth, { stake: '10.00' });
    expect(b.status).toBe(201);
    expect(b.body.panel).toBe(2);
    const third = await place(p.auth, { stake: 1 });
    expect(third).toMatchObject({ status: 409, body: { msg: 'You can place at most two bets per round.' } });
    const running = await liftOff(s, round);
    // the auto cash-out fires at exactly 1.50x, whenever the clock notices
    s.clock.set(running.started_at.getTime() + msToReach(160));
    await eventually(async () => (await bet(s, a.body.betId)).status === 'cashed_out', 10_000);
    expect(await bet(s, a.body.betId)).toMatchObject({ cashed_out_at: '150', payout_cents: '1500' });
    const out = await cashOut(p.auth, { panel: 2 });
    expect(out).toMatchObject({ status: 200, body: { multiplier: 1.6, payout: 16 } });
    const st = await api(s.aviator, 'GET', '/api/v1/aviator/state');
    expect(st.status).toBe(200);
    expect(st.body.bets.find((x: any) => x.betId === b.body.betId)).toMatchObject({
      status: 'cashed_out',
      payout: 16,
    });
    expect((await cashOut(p.auth, { panel: 2 })).status).toBe(409);
    await eventually(async () => (await balance(s, p.auth)) === 111, 10_000);

    // redelivery: the same event again, and the same payout under a new event id, pay nothing more
    const row: any = await s.aviator.ctx.db
      .selectFrom('outbox' as any)
      .selectAll()
      .where('subject', '=', AviatorCashedOut.subject)
      .execute();
    const mine = row.filter((r: any) => JSON.stringify(r.data).includes(b.body.betId));
    expect(mine).toHaveLength(1);
    const data = typeof mine[0].data === 'string' ? JSON.parse(mine[0].data) : mine[0].data;
    const cashedOut = (id: string, d: typeof data) =>
      s.infra.bus.publish({
        id,
        subject: AviatorCashedOut.subject,
        version: 1,
        occurredAt: new Date().toISOString(),
        data: d,
      });
    for (const id of [mine[0].id, newId()]) await cashedOut(id, data);
    // another player's cash-out after them as the marker: the wallet handles aviator outcomes
    // in order, so once it is paid the two above have been handled
    const q = await player(s, 0);
    await cashedOut(newId(), { ...data, betId: newId(), userId: q.id, payoutCents: 100 });
    await eventually(async () => (await balance(s, q.auth)) === 1, 10_000);
    expect(await balance(s, p.auth)).toBe(111);

    const tx = await api(s.wallet, 'GET', '/api/v1/wallet/transactions', p.auth);
    const types = tx.body.transactions.map((t: any) => t.kind);
    expect(types.filter((t: string) => t === 'aviator_bet')).toHaveLength(2);
    expect(types.filter((t: string) => t === 'aviator_win')).toHaveLength(2);

    const mine2 = await api(s.aviator, 'GET', '/api/v1/aviator/my-bets', p.auth);
    expect(mine2.body.bets.map((x: any) => x.payout).sort()).toEqual([15, 16]);
  });

  it('announces each bet of the round as it changes, for the live All bets list (aviator.bet)', async () => {
    const p = await player(s, 100);
    const seen: any[] = [];
    const sub = s.infra.bus.listen(AviatorBetUpdated.subject, (d: any) => {
      if (d.username === p.username) seen.push(d);
    });
    try {
      const round = await roundWhere(s, (c) => c > 180);
      const a = await place(p.auth, { stake: 10, autoCashOut: 1.5 });
      const b = await place(p.auth, { stake: 5 });
      const placed = {
        roundId: round.id,
        username: p.username,
        cashedOutAtHundredths: null,
        payoutCents: null,
      };
      await eventually(() => seen.length === 2, 10_000);
      expect(seen).toEqual(
        expect.arrayContaining([
          { ...placed, betId: a.body.betId, panel: 1, stakeCents: 1000, status: 'active' },
          { ...placed, betId: b.body.betId, panel: 2, stakeCents: 500, status: 'active' },
        ]),
      );
      const running = await liftOff(s, round);
      s.clock.set(running.started_at.getTime() + msToReach(160));
      // the auto cash-out at 1.50x, then panel 2 by hand at 1.60x
      await eventually(() => seen.length === 3, 10_000);
      expect(seen[2]).toMatchObject({
        betId: a.body.betId,
        status: 'cashed_out',
        cashedOutAtHundredths: 150,
        payoutCents: 1500,
      });
      expect((await cashOut(p.auth, { panel: 2 })).status).toBe(200);
      await eventually(() => seen.length === 4, 10_000);
      expect(seen[3]).toMatchObject({
        betId: b.body.betId,
        status: 'cashed_out',
        cashedOutAtHundredths: 160,
        payoutCents: 800,
      });
      // a bet held for the next round, then cancelled: it leaves the list
      const held = await place(p.auth, { stake: 2 });
      expect(held.status).toBe(201);
      expect((await api(s.aviator, 'POST', '/api/v1/aviator/cancel', p.auth, { panel: 1 })).status).toBe(200);
      await eventually(() => seen.length === 6, 10_000);
      expect(seen.slice(4).map((d) => [d.betId, d.roundId, d.status])).toEqual([
        [held.body.betId, running.next_id, 'active'],
        [held.body.betId, running.next_id, 'cancelled'],
      ]);
    } finally {
      await sub.stop();
    }
  });

  it('refuses every bad input with a clear message and writes nothing', async () => {
    const p = await player(s, 5);
    await roundWhere(s, () => true);
    const cases: Array<[unknown, number, string]> = [
      [{ stake: 0 }, 400, 'The stake must be greater than 0.'],
      [{ stake: -1 }, 400, 'The stake must be greater than 0.'],
      [{ stake: 'ten' }, 400, 'The stake must be a number, e.g. 10 or 2.50.'],
      [{ stake: 1.234 }, 400, 'The stake can have at most two decimals.'],
      [{}, 400, 'Please enter a stake.'],
      [{ stake: 1, autoCashOut: 1 }, 400, 'The auto cash-out must be at least 1.01x.'],
      [{ stake: 1, panel: 3 }, 400, 'The panel must be 1 or 2.'],
      [{ stake: 0.2 }, 400, 'The minimum stake is $0.50.'],
      [{ stake: 6 }, 422, 'Insufficient balance for this stake.'],
    ];
    for (const [body, status, msg] of cases) {
      const res = await place(p.auth, body);
      expect({ body, status: res.status, msg: res.body.msg }).toEqual({ body, status, msg });
    }
    expect((await cashOut(p.auth)).body.msg).toBe('You have no active bet to cash out.');
    const rows = await s.aviator.ctx.db.selectFrom('bets').selectAll().where('user_id', '=', p.id).execute();
    expect(rows.every((r: any) => r.status === 'rejected')).toBe(true);
    expect(await balance(s, p.auth)).toBe(5);
    expect((await place({}, { stake: 1 })).status).toBe(401);
  });

  it('takes a bet placed during a flight for the next round (issue 35; tests/aviator/next-round.test.ts)', async () => {
    const p = await player(s, 10);
    const round = await roundWhere(s, (c) => c > 150);
    const running = await liftOff(s, round);
    const res = await place(p.auth, { stake: 1 });
    expect(res).toMatchObject({ status: 201, body: { roundId: running.next_id, nextRound: true } });
    expect((await api(s.aviator, 'POST', '/api/v1/aviator/cancel', p.auth, { panel: 1 })).status).toBe(200);
  });

  it('decides a cash-out racing the crash by server time: paid just before, refused at it', async () => {
    const p = await player(s, 20);
    let round = await roundWhere(s, (c) => c > 120 && c < 500);
    expect((await place(p.auth, { stake: 10 })).status).toBe(201);
    let running = await liftOff(s, round);
    s.clock.set(running.started_at.getTime() + msToReach(Number(running.crash_point)));
    const late = await cashOut(p.auth);
    expect(late).toMatchObject({
      status: 409,
      body: { msg: 'Too late: the plane flew away before your cash-out.' },
    });
    await eventually(async () => (await latest(s.aviator)).state === 'crashed', 10_000);
    // asked again once the crash has been booked (the bet lost): still too late, not "no bet"
    expect((await cashOut(p.auth)).body.msg).toBe('Too late: the plane flew away before your cash-out.');

    round = await roundWhere(s, (c) => c > 120 && c < 500);
    expect((await place(p.auth, { stake: 10 })).status).toBe(201);
    running = await liftOff(s, round);
    const crash = Number(running.crash_point);
    s.clock.set(running.started_at.getTime() + msToReach(crash) - 1);
    const inTime = await cashOut(p.auth);
    expect(inTime.status).toBe(200);
    expect(inTime.body.multiplier).toBe((crash - 1) / 100);
    // 20 − 10 lost − 10 staked + 10 × (crash − 0.01)
    await eventually(async () => (await balance(s, p.auth)) === (crash - 1) / 10, 10_000);
  });

  it('cashes out every remaining bet where the round would pass its payout cap (crash point untouched)', async () => {
    const p = await player(s, 100);
    const q = await player(s, 100);
    const round = await roundWhere(s, (c) => c > 130);
    const crashBefore = Number(round.crash_point);
    const a = await place(p.auth, { stake: 40 });
    const b = await place(q.auth, { stake: 40 });
    expect([a.status, b.status]).toEqual([201, 201]);
    const running = await liftOff(s, round);
    // 80 × m reaches the 100 cap at 1.25x (before the 60 max win per bet at 1.50x)
    expect(running.cap_multiplier).toBe('125');
    s.clock.set(running.started_at.getTime() + msToReach(126));
    await eventually(async () => (await bet(s, b.body.betId)).status === 'cashed_out', 10_000);
    expect(await bet(s, a.body.betId)).toMatchObject({ cashed_out_at: '125', payout_cents: '5000' });
    expect(Number((await latest(s.aviator)).crash_point)).toBe(crashBefore);
  });

  it('moves the cap later when a player cashes out by hand (the cap follows the open liability)', async () => {
    const [p, q, r] = await Promise.all([player(s, 100), player(s, 100), player(s, 100)]);
    const round = await roundWhere(s, (c) => c > 460);
    const bets: string[] = [];
    for (const x of [p, q, r]) bets.push((await place(x.auth, { stake: 10 })).body.betId);
    const running = await liftOff(s, round);
    // three $10 bets reach the $100 cap at 3.34x (under the $60 max win at 6.00x)
    expect(running.cap_multiplier).toBe('334');
    s.clock.set(running.started_at.getTime() + msToReach(120));
    expect(await cashOut(r.auth)).toMatchObject({ status: 200, body: { multiplier: 1.2, payout: 12 } });
    // the two left share the $88 still under the cap: 4.40x
    await eventually(async () => (await latest(s.aviator)).cap_multiplier === '440', 10_000);
    expect((await bet(s, bets[0])).target).toBe('440');
    s.clock.set(running.started_at.getTime() + msToReach(441));
    await eventually(async () => (await bet(s, bets[1])).status === 'cashed_out', 10_000);
    expect(await bet(s, bets[0])).toMatchObject({ cashed_out_at: '440', payout_cents: '4400' });
    // paid in all: 12 + 44 + 44 = 100, exactly the cap
    expect(Number((await latest(s.aviator)).paid_cents)).toBe(10_000);
  });

  it('counts Aviator bets into the weekly limits shared with the sportsbook', async () => {
    const p = await player(s, 50);
    await setLimits(s, p, 2, 0);
    let round = await roundWhere(s, () => true);
    expect((await place(p.auth, { stake: 1 })).status).toBe(201);
    expect((await place(p.auth, { stake: 1 })).status).toBe(201);
    const first = round.id;
    round = await roundWhere(s, (_c, r) => r.id !== first);
    const refused = await place(p.auth, { stake: 1 });
    expect(refused.status).toBe(422);
    expect(refused.body.msg).toBe(
      'This would exceed your weekly limit of 2 bets (2 placed this week, 0 left).',
    );
    const usage: any = await s.betting.ctx.db
      .selectFrom('outside_stakes' as any)
      .selectAll()
      .where('user_id', '=', p.id)
      .execute();
    expect(usage).toHaveLength(2);
  });

  it('lets anyone verify a crashed round against the chain', async () => {
    const h = await api(s.aviator, 'GET', '/api/v1/aviator/history?limit=5');
    expect(h.status).toBe(200);
    expect(h.body.rounds.length).toBeGreaterThan(0);
    for (const r of h.body.rounds) {
      const v = await api(s.aviator, 'GET', `/api/v1/aviator/rounds/${r.roundId}/verify`);
      expect(v.body).toMatchObject({ linksToPrevious: true, matches: true, crashPoint: r.crashPoint });
    }
    expect((await api(s.aviator, 'GET', '/api/v1/aviator/rounds/zzz/verify')).status).toBe(400);
    expect((await api(s.aviator, 'GET', `/api/v1/aviator/rounds/${newId()}/verify`)).status).toBe(404);
    const overview = await api(s.aviator, 'GET', '/api/v1/admin/aviator/overview', s.admin);
    expect(overview.status).toBe(200);
    expect(overview.body.recent.rounds).toBeGreaterThan(0);
    const fair = await api(s.aviator, 'GET', '/api/v1/aviator/fairness');
    expect(fair.status).toBe(200);
    expect(fair.body.terminatingHash).toMatch(/^[0-9a-f]{64}$/);
  });
});
