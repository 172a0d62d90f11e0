import { eventually } from '@bet/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  balance,
  game,
  goLive,
  kickOff,
  player,
  result,
  type Stack,
  startStack,
  walletCaughtUp,
} from './stack';

/**
 * Betting against the REAL wallet and games services: the placement saga's debits, the
 * settlement events the wallet pays from, and the races that must never pay twice.
 */
let s: Stack;

beforeAll(async () => {
  s = await startStack();
});
afterAll(async () => s?.close());

const transactions = async (auth: Record<string, string>) =>
  (await api(s.wallet, 'GET', '/api/v1/wallet/transactions?limit=100', auth)).body.transactions as Array<{
    type: string;
    amount: number;
    description: string;
  }>;

describe('placement against the real wallet', () => {
  it('a user with money for 3 bets firing 50 at once gets exactly 3', async () => {
    const g = await game(s);
    const p = await player(s, 30);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        api(s.betting, 'POST', '/api/v1/bets/singles', p.auth, {
          stakePerBet: 10,
          selections: [{ gameId: g._id, outcome: 'A' }],
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused).toHaveLength(47);
    for (const r of refused) expect(r).toMatchObject({ status: 422, body: { msg: 'Insufficient balance' } });
    expect(await balance(s, p.auth)).toBe(0);
    expect((await api(s.betting, 'GET', '/api/v1/bets', p.auth)).body.bets).toHaveLength(3);
    expect((await transactions(p.auth)).filter((t) => t.type === 'bet')).toHaveLength(3);
  });

  it('singles placed together are one debit: all accepted, or none when the balance covers only some', async () => {
    const [g1, g2, g3] = await Promise.all([game(s), game(s), game(s)]);
    const p = await player(s, 25);
    const sel = [g1, g2, g3].map((g) => ({ gameId: g._id, outcome: 'Draw' }));
    const none = await api(s.betting, 'POST', '/api/v1/bets/singles', p.auth, {
      stakePerBet: 10,
      selections: sel,
    });
    expect(none).toMatchObject({ status: 422, body: { msg: 'Insufficient balance' } });
    expect(await balance(s, p.auth)).toBe(25);
    const all = await api(s.betting, 'POST', '/api/v1/bets/singles', p.auth, {
      stakePerBet: 8,
      selections: sel,
    });
    expect(all.status).toBe(201);
    expect(all.body.bets).toHaveLength(3);
    expect(await balance(s, p.auth)).toBe(1);
  });
});

describe('settlement pays through the wallet', () => {
  it('settle → wallet credited: wins paid, losses kept, a set of singles settled bet by bet', async () => {
    const [g1, g2] = await Promise.all([game(s), game(s, { home: 1.5, draw: 4, away: 6 })]);
    const p = await player(s, 100);
    const singles = await api(s.betting, 'POST', '/api/v1/bets/singles', p.auth, {
      stakePerBet: 10,
      selections: [
        { gameId: g1._id, outcome: 'A' },
        { gameId: g2._id, outcome: 'B' },
      ],
    });
    expect(singles.status).toBe(201);
    const multi = await api(s.betting, 'POST', '/api/v1/bets/multi', p.auth, {
      stake: 5,
      selections: [
        { gameId: g1._id, outcome: 'A' },
        { gameId: g2._id, outcome: 'A' },
      ],
    });
    expect(multi.status).toBe(201);
    expect(await balance(s, p.auth)).toBe(75);
    await Promise.all([kickOff(s, g1), kickOff(s, g2)]);
    expect((await result(s, g1._id, 'A')).status).toBe(200);
    // single on g1 A wins 10 × 2.10 = 21.00; the multi waits for g2
    await eventually(async () => (await balance(s, p.auth)) === 96, 10_000);
    expect((await result(s, g2._id, 'A')).status).toBe(200);
    // single on g2 B loses; multi wins 5 × 2.10 × 1.50 = 15.75
    await eventually(async () => (await balance(s, p.auth)) === 111.75, 10_000);
    const bets = (await api(s.betting, 'GET', '/api/v1/bets', p.auth)).body.bets;
    expect(bets.map((b: any) => [b.betType, b.status, b.payout]).sort()).toEqual([
      ['multi', 'won', 15.75],
      ['single', 'lost', 0],
      ['single', 'won', 21],
    ]);
    const wins = (await transactions(p.auth)).filter((t) => t.type === 'win');
    expect(wins.map((t) => t.amount).sort()).toEqual([15.75, 21]);
  });

  it('an upcoming, manually created game settled by an admin before kick-off settles its bets', async () => {
    const g = await game(s);
    const p = await player(s, 50);
    const single = await api(s.betting, 'POST', '/api/v1/bets/singles', p.auth, {
      stakePerBet: 10,
      selections: [{ gameId: g._id, outcome: 'A' }],
    });
    expect(single.status).toBe(201);
    // no kick-off: the game is still upcoming when the admin sets its result
    const res = await result(s, g._id, 'A');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await eventually(async () => (await balance(s, p.auth)) === 61, 10_000);
    const bets = (await api(s.betting, 'GET', '/api/v1/bets', p.auth)).body.bets;
    expect(bets.map((b: any) => [b.status, b.payout])).toEqual([['won', 21]]);
  });

  it('a corrected result moves the difference; a cancelled game refunds the stake', async () => {
    const [g, c] = await Promise.all([game(s), game(s)]);
    const p = await player(s, 50);
    const onA = await api(s.betting, 'POST', '/api/v1/bets/singles', p.auth, {
      stakePerBet: 10,
      selections: [{ gameId: g._id, outcome: 'A' }],
    });
    const onC = await api(s.betting, 'POST', '/api/v1/bets/singles', p.auth, {
      stakePerBet: 7.5,
      selections: [{ gameId: c._id, outcome: 'B' }],
    });
    expect([onA.status, onC.status]).toEqual([201, 201]);
    expect(await balance(s, p.auth)).toBe(32.5);
    await kickOff(s, g);
    expect((await result(s, g._id, 'A')).status).toBe(200);
    await eventually(async () => (await balance(s, p.auth)) === 53.5, 10_000);
    const corrected = await result(s, g._id, 'B', true);
    expect(corrected.status).toBe(200);
    await eventually(async () => (await balance(s, p.auth)) === 32.5, 10_000);
    expect(
      (await api(s.betting, 'GET', `/api/v1/bets/${onA.body.bets[0]._id}`, p.auth)).body.bet,
    ).toMatchObject({ status: 'lost', payout: 0 });
    expect((await api(s.games, 'PATCH', `/api/v1/games/${c._id}/cancel`, s.admin)).status).toBe(200);
    await eventually(async () => (await balance(s, p.auth)) === 40, 10_000);
    expect(
      (await api(s.betting, 'GET', `/api/v1/bets/${onC.body.bets[0]._id}`, p.auth)).body.bet,
    ).toMatchObject({ status: 'cancelled', payout: 7.5 });
  });
});

describe('cash-out against the real services', () => {
  it('a cash-out racing a result pays once', async () => {
    const g = await game(s, { home: 3, draw: 3.2, away: 2.4 });
    const p = await player(s, 1_000);
    const placed = await api(s.betting, 'POST', '/api/v1/bets/singles', p.auth, {
      stakePerBet: 10,
      selections: [{ gameId: g._id, outcome: 'A' }],
    });
    expect(placed.status).toBe(201);
    const more = await Promise.all(
      Array.from({ length: 14 }, () =>
        api(s.betting, 'POST', '/api/v1/bets/singles', p.auth, {
          stakePerBet: 10,
          selections: [{ gameId: g._id, outcome: 'A' }],
        }),
      ),
    );
    const ids = [placed, ...more].map((r) => r.body.bets[0]._id as string);
    expect(await balance(s, p.auth)).toBe(850);
    await goLive(s, g, { home: 1.5, draw: 4, away: 7 });
    const cashing = Promise.all(
      ids.map((id) => api(s.betting, 'POST', `/api/v1/bets/${id}/cash-out`, p.auth)),
    );
    const settling = result(s, g._id, 'A');
    const [answers, settled] = await Promise.all([cashing, settling]);
    expect(settled.status).toBe(200);
    // each bet: a cash-out (10 × 3.00 ÷ 1.50 × 0.95 = 19.00) or the win (10 × 3.00 = 30.00), never both
    let expected = 850;
    for (const a of answers) {
      if (a.status === 200) {
        expect(a.body.amount).toBe(19);
        expected += 19;
      } else {
        expect(a.status).toBeGreaterThanOrEqual(400);
        expect(a.status).toBeLessThan(500);
        expected += 30;
      }
    }
    await eventually(async () => (await balance(s, p.auth)) === expected, 15_000);
    // nothing more on its way: every bet has its outcome, and the wallet has handled every
    // money event betting recorded for them
    const bets = async () => (await api(s.betting, 'GET', '/api/v1/bets?limit=100', p.auth)).body.bets;
    await eventually(async () => (await bets()).every((b: any) => b.status !== 'pending'), 15_000);
    await eventually(() => walletCaughtUp(s), 15_000);
    expect(await balance(s, p.auth)).toBe(expected);
    const list = await bets();
    for (const b of list) expect(['cashed_out', 'won']).toContain(b.status);
    const tx = await transactions(p.auth);
    expect(tx.filter((t) => t.type === 'cashout' || t.type === 'win')).toHaveLength(15);
  });
});

describe('the books stay balanced', () => {
  it("the wallet's reconciliation finds every invariant intact after all of the above", async () => {
    const report = (await api(s.wallet, 'GET', '/api/v1/admin/wallet/reconcile', s.admin)).body;
    expect(report.checks.filter((c: { ok: boolean }) => !c.ok)).toEqual([]);
    expect(report.ok).toBe(true);
  });
});
