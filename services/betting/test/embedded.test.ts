import { eventually } from '@bet/kit/testing';
import { BetsCashedOut, BetsPlaced, BetsSettled, BetsVoided } from '@bet/proto-events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { betsOf, call, Games, type Harness, player, startHarness } from './harness';

/** The same service on the embedded mode's PGlite and in-memory bus. */
let h: Harness;
let games: Games;

beforeAll(async () => {
  h = await startHarness({ kind: 'embedded' });
  games = new Games(h);
});
afterAll(async () => h?.close());

describe('embedded mode', () => {
  it('places, settles, voids and cashes out', async () => {
    const [g1, g2, g3] = await Promise.all([games.create(), games.create(), games.create()]);
    const live = await games.live(await games.create(), { home: 1.5, draw: 4, away: 6 });
    const p = await player(h, 10_000);
    const singles = await call(h, 'POST', '/api/v1/bets/singles', p.auth, {
      stakePerBet: 10,
      selections: [
        { gameId: g1._id, outcome: 'A' },
        { gameId: g2._id, outcome: 'A' },
      ],
    });
    expect(singles.status).toBe(201);
    const multi = await call(h, 'POST', '/api/v1/bets/multi', p.auth, {
      stake: 5,
      selections: [
        { gameId: g1._id, outcome: 'A' },
        { gameId: g3._id, outcome: 'A' },
      ],
    });
    expect(multi.status).toBe(201);
    const cashable = await call(h, 'POST', '/api/v1/bets/singles', p.auth, {
      stakePerBet: 10,
      selections: [{ gameId: live._id, outcome: 'A' }],
    });
    expect(cashable.status).toBe(201);
    await eventually(() => betsOf(h, BetsPlaced.subject).length === 4);

    await games.settle(g1._id, 'A');
    await games.cancel(g2._id);
    await games.cancel(g3._id);
    const [won, voided] = singles.body.bets.map((b: any) => b._id);
    const m = multi.body.bets[0]._id;
    await eventually(
      () =>
        betsOf(h, BetsSettled.subject, won).length === 1 &&
        betsOf(h, BetsVoided.subject, voided).length === 1,
    );
    // the multi: one leg won, the other void at 1.00 → 5 × 2.10
    await eventually(() => betsOf(h, BetsSettled.subject, m).length === 1);
    expect(betsOf(h, BetsSettled.subject, m)[0].data).toMatchObject({ status: 'won', payoutCents: 1050 });

    await games.odds(live._id, { home: 1.2, draw: 6, away: 11 });
    const out = await call(h, 'POST', `/api/v1/bets/${cashable.body.bets[0]._id}/cash-out`, p.auth);
    // 10 × 1.50 ÷ 1.20 × 0.95 = 11.875 → 11.87
    expect(out).toMatchObject({ status: 200, body: { amount: 11.87 } });
    await eventually(() => betsOf(h, BetsCashedOut.subject).length === 1);
    const history = (await call(h, 'GET', '/api/v1/bets', p.auth)).body.bets;
    expect(history.map((b: any) => `${b.status}${b.cashedOut ? ' (cashed out)' : ''}`).sort()).toEqual([
      'cancelled',
      'won',
      'won',
      'won (cashed out)',
    ]);
  });

  it('refuses 50 simultaneous bets beyond the balance', async () => {
    const g = await games.create();
    const p = await player(h, 3_000);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        call(h, 'POST', '/api/v1/bets/singles', p.auth, {
          stakePerBet: 10,
          selections: [{ gameId: g._id, outcome: 'A' }],
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
    expect(h.wallet.balance(p.id)).toBe(0);
  });

  it('the reconciler finishes a placement whose debit answer was lost', async () => {
    const g = await games.create();
    const p = await player(h, 1_000);
    h.wallet.silent = true;
    const res = await call(h, 'POST', '/api/v1/bets/singles', p.auth, {
      stakePerBet: 4,
      selections: [{ gameId: g._id, outcome: 'A' }],
    });
    h.wallet.silent = false;
    expect(res.status).toBe(503);
    await eventually(
      async () => (await call(h, 'GET', '/api/v1/bets', p.auth)).body.bets.length === 1,
      10_000,
    );
    expect(h.wallet.balance(p.id)).toBe(600);
  });
});
