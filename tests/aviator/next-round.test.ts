import { eventually } from '@bet/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconcilePlatform } from '../../infra/src/reconciliation/read';
import { reconcile } from '../../services/wallet/src/store/reconcile';
import { api, balance, bet, latest, liftOff, player, roundWhere, type Stack, startStack } from './stack';

/**
 * Issue 35, item 1: a bet placed during a flight is held for the next round (its stake taken
 * under the bet's key) and can be cancelled until that round lifts off (the stake given back
 * under the bet's refund key): never lost, never doubled, each panel on its own. Both modes.
 */
describe.each(['embedded', 'cluster'] as const)('bets for the next round (%s)', (kind) => {
  let s: Stack;
  beforeAll(async () => {
    s = await startStack({ AVIATOR_RECONCILE_MS: '100' }, undefined, kind);
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  const place = (auth: Record<string, string>, body: unknown) =>
    api(s.aviator, 'POST', '/api/v1/aviator/place-bet', auth, body);
  const cancel = (auth: Record<string, string>, body: unknown) =>
    api(s.aviator, 'POST', '/api/v1/aviator/cancel', auth, body);

  /** A round in flight (its crash point above 1.5x, so it keeps flying while the test works). */
  async function flying() {
    const round = await roundWhere(s, (c) => c > 150);
    return liftOff(s, round);
  }

  /** Ends the flight and moves the manual clock on until the next round opens. */
  async function nextRound(running: { id: string; next_id: string }) {
    s.clock.advance(3_600_000);
    await eventually(async () => (await latest(s.aviator)).state === 'crashed', 10_000);
    s.clock.advance(2_000);
    return eventually(async () => {
      const r = await latest(s.aviator);
      return r.id === running.next_id ? r : null;
    }, 10_000);
  }

  it('holds a bet placed during a flight for the next round, which flies with it', async () => {
    const p = await player(s, 50);
    const running = await flying();
    const held = await place(p.auth, { stake: 5, panel: 2, autoCashOut: 1.2 });
    expect(held).toMatchObject({
      status: 201,
      body: { msg: 'Bet placed!', roundId: running.next_id, panel: 2, nextRound: true, balance: 45 },
    });
    // the panel's other bet is independent: panel 1 is held too, and still only two
    expect((await place(p.auth, { stake: 1, panel: 1 })).body).toMatchObject({ roundId: running.next_id });
    expect((await place(p.auth, { stake: 1 })).status).toBe(409);
    const mine = await api(s.aviator, 'GET', '/api/v1/aviator/my-bets', p.auth);
    expect(mine.body.bets[0]).toMatchObject({
      roundId: running.next_id,
      roundNumber: null,
      status: 'active',
    });

    // the flight ends; the next round opens under the id the bet carries, and the bet flies in it
    const next = await nextRound(running);
    expect(next.idx).toBe(running.idx + 1);
    await liftOff(s, next);
    await eventually(async () => (await bet(s, held.body.betId)).target !== null, 10_000);
    const row = await s.aviator.ctx.db
      .selectFrom('rounds')
      .selectAll()
      .where('id', '=', next.id)
      .executeTakeFirstOrThrow();
    expect(row.bets).toBe(2);
    expect(Number(row.staked_cents)).toBe(600);
    // a round already flying is not "the next round": too late to cancel
    expect(await cancel(p.auth, { panel: 2 })).toMatchObject({ status: 409 });
  });

  it('cancels a held bet once: the stake comes back, the panel is free again', async () => {
    const p = await player(s, 20);
    const running = await flying();
    const held = await place(p.auth, { stake: 7, panel: 1 });
    expect(held.body).toMatchObject({ nextRound: true, balance: 13 });
    const [a, b] = await Promise.all([cancel(p.auth, { panel: 1 }), cancel(p.auth, { panel: 1 })]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const ok = a.status === 200 ? a : b;
    expect(ok.body).toMatchObject({ msg: 'Bet cancelled.', betId: held.body.betId, stake: 7, balance: 20 });
    expect((a.status === 409 ? a : b).body.msg).toBe(
      'You have no bet waiting for the next round on this panel.',
    );
    expect(await balance(s, p.auth)).toBe(20);
    expect(await bet(s, held.body.betId)).toMatchObject({ status: 'rejected', refund_state: 'done' });
    // the panel is free again for the same next round
    expect((await place(p.auth, { stake: 2, panel: 1 })).body).toMatchObject({ roundId: running.next_id });
    expect(await balance(s, p.auth)).toBe(18);
    expect((await cancel(p.auth, { panel: 2 })).status).toBe(409);
    expect((await cancel(p.auth, {})).status).toBe(400);
  });

  it('cancels race the opening and the lift-off of the next round: each stake flies or comes back, once', async () => {
    const PLAYERS = 6;
    const FUNDS = 30;
    const players = await Promise.all(Array.from({ length: PLAYERS }, () => player(s, FUNDS)));
    const running = await flying();
    const held = await Promise.all(
      players.flatMap((p) => [1, 2].map((panel) => place(p.auth, { stake: 3 + panel, panel }))),
    );
    expect(held.map((h) => h.status)).toEqual(Array(PLAYERS * 2).fill(201));
    expect(new Set(held.map((h) => h.body.roundId))).toEqual(new Set([running.next_id]));

    // every player cancels each panel twice at different moments while the clock ends the flight,
    // opens the next round and lifts it off (time is the scenario: the cancels are spread out)
    const cancels: Array<Promise<{ key: string; status: number }>> = [];
    players.forEach((p, i) => {
      for (const panel of [1, 2])
        for (const delay of [i * 7, i * 7 + panel * 11])
          cancels.push(
            new Promise((done) =>
              // time is the scenario: this cancel's moment in the spread
              setTimeout(async () => {
                const res = await cancel(p.auth, { panel });
                done({ key: `${p.id}:${panel}`, status: res.status });
              }, delay),
            ),
          );
    });
    const next = await nextRound(running);
    s.clock.set(next.betting_ends_at.getTime());
    const answers = await Promise.all(cancels);
    expect(answers.filter((a) => a.status !== 200 && a.status !== 409)).toEqual([]);
    await eventually(async () => (await latest(s.aviator)).state !== 'betting', 10_000);

    const rows = await s.aviator.ctx.db
      .selectFrom('bets')
      .selectAll()
      .where('round_id', '=', next.id)
      .execute();
    const mine = rows.filter((b) => players.some((p) => p.id === b.user_id));
    expect(mine).toHaveLength(PLAYERS * 2);
    for (const b of mine) {
      const ok = answers.filter((a) => a.key === `${b.user_id}:${b.panel}` && a.status === 200).length;
      // a bet is cancelled at most once, and is cancelled exactly when someone was told so
      expect(ok).toBeLessThanOrEqual(1);
      if (ok === 1) expect(b).toMatchObject({ status: 'rejected', reject_reason: 'cancelled' });
      else {
        expect(b.status).toBe('active');
        expect(b.target).not.toBeNull();
      }
    }
    const flown = rows.filter((b) => b.status !== 'rejected');
    const round = await s.aviator.ctx.db
      .selectFrom('rounds')
      .selectAll()
      .where('id', '=', next.id)
      .executeTakeFirstOrThrow();
    expect(round.bets).toBe(flown.length);
    expect(BigInt(round.staked_cents)).toBe(flown.reduce((t, b) => t + BigInt(b.stake_cents), 0n));

    // money: each player holds exactly the stakes of the bets that fly; every cancel came back
    for (const p of players) {
      const staked = mine
        .filter((b) => b.user_id === p.id && b.status !== 'rejected')
        .reduce((t, b) => t + Number(b.stake_cents), 0);
      await eventually(
        async () => Math.round((await balance(s, p.auth)) * 100) === FUNDS * 100 - staked,
        15_000,
      );
    }
    await eventually(
      async () =>
        (await s.aviator.ctx.db.selectFrom('bets').select('id').where('refund_state', '=', 'due').execute())
          .length === 0,
      15_000,
    );
    s.clock.advance(3_600_000);
    await eventually(async () => (await latest(s.aviator)).state === 'crashed', 10_000);
    const platform = () =>
      reconcilePlatform(s.betting.ctx.db, s.wallet.ctx.db, {
        graceMs: 0,
        now: () => new Date(s.clock.now() + 3_600_000),
        aviator: s.aviator.ctx.db,
      });
    await eventually(async () => (await platform()).ok, 15_000);
    const wallet = await reconcile(s.wallet.ctx.db);
    expect(wallet.checks.find((c) => c.name === 'aviator-stakes')).toMatchObject({ ok: true });
    expect(wallet.ok).toBe(true);
  }, 120_000);
});
