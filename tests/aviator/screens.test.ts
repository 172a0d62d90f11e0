import { eventually } from '@bet/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msToReach } from '../../services/aviator/src/domain/multiplier';
import { cashOutAmount } from '../../web-player/src/aviator/amount';
import { api, latest, liftOff, player, roundWhere, type Stack, startStack } from './stack';

/** Issue 35, items 3, 4, 5 and 6: what the game screen shows, against what the server does. */
describe('aviator screens', () => {
  let s: Stack;
  beforeAll(async () => {
    s = await startStack({ AVIATOR_MIN_STAKE: '0.5', AVIATOR_MAX_STAKE: '500', AVIATOR_MAX_WIN: '1000' });
  }, 60_000);
  afterAll(async () => {
    await s?.close();
  });

  const place = (auth: Record<string, string>, body: unknown) =>
    api(s.aviator, 'POST', '/api/v1/aviator/place-bet', auth, body);
  const cashOut = (auth: Record<string, string>, body: unknown) =>
    api(s.aviator, 'POST', '/api/v1/aviator/cash-out', auth, body);

  it('shows on the Cash Out button what the server pays at that instant (item 3)', async () => {
    const p = await player(s, 100);
    const round = await roundWhere(s, (c) => c > 300);
    expect((await place(p.auth, { stake: 10.7, panel: 1 })).status).toBe(201);
    expect((await place(p.auth, { stake: 3.33, panel: 2 })).status).toBe(201);
    const running = await liftOff(s, round);
    // the screen's inputs: startedAt and the server clock from the state answer
    for (const [panel, stake, at] of [
      [1, 10.7, msToReach(115) + 1234],
      [2, 3.33, msToReach(187) + 77],
    ] as const) {
      s.clock.set(running.started_at.getTime() + at);
      const st = await api(s.aviator, 'GET', '/api/v1/aviator/state');
      const shown = cashOutAmount(stake, Date.parse(st.body.startedAt), st.body.serverTime);
      const paid = await cashOut(p.auth, { panel });
      expect(paid.status).toBe(200);
      expect(paid.body.payout).toBe(shown);
    }
  });

  it("opens a round's details: its hash and crash point once crashed, with its verify link (item 5)", async () => {
    const p = await player(s, 20);
    const round = await roundWhere(s, (c) => c > 150);
    expect((await place(p.auth, { stake: 2 })).status).toBe(201);
    const running = await liftOff(s, round);
    const open = await api(s.aviator, 'GET', `/api/v1/aviator/rounds/${round.id}`);
    expect(open.body).toMatchObject({
      roundNumber: round.idx,
      state: 'running',
      hash: null,
      crashPoint: null,
    });
    expect(open.body.verifyUrl).toBeNull();
    s.clock.set(running.started_at.getTime() + msToReach(140));
    expect((await cashOut(p.auth, {})).body.payout).toBe(2.8);
    s.clock.advance(3_600_000);
    await eventually(async () => (await latest(s.aviator)).state === 'crashed', 10_000);
    const done = await api(s.aviator, 'GET', `/api/v1/aviator/rounds/${round.id}`);
    expect(done.body).toMatchObject({
      roundId: round.id,
      state: 'crashed',
      hash: round.hash,
      crashPoint: Number(round.crash_point) / 100,
      bets: 1,
      totalStaked: 2,
      totalPaid: 2.8,
      topCashOuts: [{ username: p.username, stake: 2, cashedOutAt: 1.4, payout: 2.8 }],
      verifyUrl: `/api/v1/aviator/rounds/${round.id}/verify`,
    });
    const verified = await api(s.aviator, 'GET', done.body.verifyUrl);
    expect(verified.body).toMatchObject({ matches: true, linksToPrevious: true });
    expect((await api(s.aviator, 'GET', '/api/v1/aviator/rounds/nope')).status).toBe(400);
    expect((await api(s.aviator, 'GET', `/api/v1/aviator/rounds/${'0'.repeat(24)}`)).status).toBe(404);
  });

  it('lists the top wins and top multipliers of the day, month and year (item 4)', async () => {
    const big = await player(s, 200);
    const high = await player(s, 20);
    const round = await roundWhere(s, (c) => c > 400);
    expect((await place(big.auth, { stake: 100 })).status).toBe(201);
    expect((await place(high.auth, { stake: 1 })).status).toBe(201);
    const running = await liftOff(s, round);
    s.clock.set(running.started_at.getTime() + msToReach(150));
    expect((await cashOut(big.auth, {})).body.payout).toBe(150);
    s.clock.set(running.started_at.getTime() + msToReach(390));
    expect((await cashOut(high.auth, {})).body.payout).toBe(3.9);
    for (const period of ['day', 'month', 'year']) {
      const wins = await api(s.aviator, 'GET', `/api/v1/aviator/top?kind=wins&period=${period}`);
      expect(wins.body.bets[0]).toMatchObject({ username: big.username, payout: 150, cashedOutAt: 1.5 });
      const mults = await api(s.aviator, 'GET', `/api/v1/aviator/top?kind=multipliers&period=${period}`);
      const mine = mults.body.bets.filter((b: any) => [big.username, high.username].includes(b.username));
      expect(mine.map((b: any) => [b.username, b.cashedOutAt])).toEqual([
        [high.username, 3.9],
        [big.username, 1.5],
      ]);
    }
    // a month later, the day's list no longer has them
    s.clock.advance(32 * 86_400_000);
    const later = await api(s.aviator, 'GET', '/api/v1/aviator/top?kind=wins&period=day');
    expect(later.body.bets.filter((b: any) => b.username === big.username)).toEqual([]);
    expect((await api(s.aviator, 'GET', '/api/v1/aviator/top?period=week')).status).toBe(400);
  });

  it('tells the screen its stake and win limits (item 6)', async () => {
    expect((await api(s.aviator, 'GET', '/api/v1/aviator/limits')).body).toEqual({
      minStake: 0.5,
      maxStake: 500,
      maxWin: 1000,
    });
  });
});
