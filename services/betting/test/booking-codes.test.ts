import { eventually } from '@bet/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, Games, type Harness, player, startHarness } from './harness';

let h: Harness;
let games: Games;

beforeAll(async () => {
  h = await startHarness({ env: { PUBLIC_URL: 'https://bet.example/' } });
  games = new Games(h);
});
afterAll(async () => h?.close());

describe('booking codes', () => {
  it('gives every shared slip an 8-character code that loads the same slip, in any case', async () => {
    const [g1, g2] = await Promise.all([games.create(), games.create()]);
    const selections = [
      { gameId: g1._id, outcome: 'A' },
      { gameId: g2._id, outcome: 'Draw' },
    ];
    const res = await call(h, 'POST', '/api/v1/bets/share', {}, { betType: 'multi', selections });
    expect(res.status).toBe(201);
    const { bookingCode, shareId } = res.body;
    expect(bookingCode).toMatch(/^[2-9A-HJKMNP-TV-Z]{8}$/);

    const byId = await call(h, 'GET', `/api/v1/bets/share/${shareId}`);
    const byCode = await call(h, 'GET', `/api/v1/bets/share/${bookingCode.toLowerCase()}`);
    expect(byCode.status).toBe(200);
    expect(byCode.body).toEqual(byId.body);
    expect(byCode.body.bookingCode).toBe(bookingCode);
    expect(JSON.stringify(byCode.body)).toContain(g2._id);

    // two shares of the same slip are two codes
    const again = await call(h, 'POST', '/api/v1/bets/share', {}, { betType: 'multi', selections });
    expect(again.body.bookingCode).not.toBe(bookingCode);
  });

  it('answers 404 with a msg for a code nobody issued, and 400 for one that cannot be a code', async () => {
    const unknown = await call(h, 'GET', '/api/v1/bets/share/ZZZZ2222');
    expect(unknown.status).toBe(404);
    expect(unknown.body.msg).toBe('Booking code not found');
    const bad = await call(h, 'GET', '/api/v1/bets/share/ab!cd');
    expect(bad.status).toBe(400);
  });
});

describe('GET /bets/rules', () => {
  it('tells the slip the stake and payout limits the placement enforces', async () => {
    const res = await call(h, 'GET', '/api/v1/bets/rules');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ minStake: 0.01, maxStake: 10_000, maxPayout: 250_000, maxSelections: 10 });
  });
});

describe('GET /bets?status=settled', () => {
  it('lists every bet that is no longer pending (the Settled tab), and only those', async () => {
    const p = await player(h);
    const [g1, g2] = await Promise.all([games.create(), games.create()]);
    for (const g of [g1, g2]) {
      const r = await call(h, 'POST', '/api/v1/bets/singles', p.auth, {
        stakePerBet: 1,
        selections: [{ gameId: g._id, outcome: 'A' }],
      });
      expect(r.status).toBe(201);
    }
    await games.settle(g1._id, 'A');
    const settled = await eventually(async () => {
      const list = (await call(h, 'GET', '/api/v1/bets?status=settled', p.auth)).body.bets;
      return list.length === 1 ? list : undefined;
    });
    expect(settled.map((b: any) => b.status)).toEqual(['won']);
    const open = (await call(h, 'GET', '/api/v1/bets?status=pending', p.auth)).body.bets;
    expect(open).toHaveLength(1);
  });
});
