import { bettingService } from '@bet/betting';
import { gamesService } from '@bet/games';
import { type RunningService, startService } from '@bet/kit';
import { eventually, inject, startStack, type TestStack } from '@bet/kit/testing';
import { walletService } from '@bet/wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminService } from '../../services/admin/src/index';
import { player } from '../support/players';
import { game } from './stack';

/**
 * Issue 32 item 7 against the real games, betting, wallet and admin services: an admin
 * suspends, reopens and re-prices one market of a game; a suspended market refuses bets with
 * a clear msg while the game's other markets take them; every action is in the game's trail
 * and in the admin service's audit log.
 */
type Stack = TestStack & Record<'games' | 'wallet' | 'betting', any>;
let s: Stack;
// started beside the stack: a stack's `admin` is the admin's Authorization header
let adminSvc: RunningService<any>;

beforeAll(async () => {
  s = await startStack<'games' | 'wallet' | 'betting'>([walletService, gamesService, bettingService], {
    env: { GAMES_PROVIDER: 'none' },
  });
  adminSvc = await startService(adminService, s.infra);
}, 90_000);
afterAll(async () => {
  await adminSvc?.stop();
  await s?.close();
});

const base = (id: string, market: string) => `/api/v1/admin/games/${id}/markets/${market}`;

/** betting's read model of the game */
const readModel = (id: string): Promise<any> =>
  s.betting.ctx.db.selectFrom('games').selectAll().where('id', '=', id).executeTakeFirst();

async function bet(auth: Record<string, string>, gameId: string, market: string, outcome: string) {
  return inject(s.betting, 'POST', '/api/v1/bets/singles', auth, {
    stakePerBet: 5,
    selections: [{ gameId, market, outcome }],
  });
}

describe('an admin controls single markets', () => {
  it('suspends a market (refused with a clear msg, others still open), re-prices it, reopens it; all audited', async () => {
    const g = await game(s);
    const p = await player(s, 100);
    // the model's prices reached betting with the game
    await eventually(async () => (await readModel(g._id))?.market_odds?.['ou_2.5']?.over > 100);

    const suspended = await inject(s.games, 'PATCH', `${base(g._id, 'ou_2.5')}/suspend`, s.admin);
    expect(suspended.status, JSON.stringify(suspended.body)).toBe(200);
    expect(suspended.body).toMatchObject({
      msg: 'Market suspended.',
      market: { key: 'ou_2.5', status: 'suspended' },
    });
    // the public list shows it locked, with the prices it would have; the others stay open
    const list = await inject(s.games, 'GET', `/api/v1/games/${g._id}/markets`);
    const byKey = new Map(list.body.markets.map((m: any) => [m.key, m]));
    expect((byKey.get('ou_2.5') as any).status).toBe('suspended');
    expect((byKey.get('ou_2.5') as any).outcomes[0].odds).toBeGreaterThan(1);
    expect((byKey.get('btts') as any).status).toBe('open');
    expect((byKey.get('1x2') as any).status).toBe('open');
    // twice is a conflict
    expect((await inject(s.games, 'PATCH', `${base(g._id, 'ou_2.5')}/suspend`, s.admin)).status).toBe(409);

    await eventually(async () => (await readModel(g._id))?.suspended_markets?.includes('ou_2.5'));
    const refused = await bet(p.auth, g._id, 'ou_2.5', 'over');
    expect(refused.status).toBe(422);
    expect(refused.body.msg).toBe(
      `The Total Goals 2.5 market of ${g.homeTeam} vs ${g.awayTeam} is suspended. Please try another market.`,
    );
    const btts = await bet(p.auth, g._id, 'btts', 'yes');
    expect(btts.status, JSON.stringify(btts.body)).toBe(201);

    // a pinned price: shown, announced and taken
    const adjusted = await inject(s.games, 'PATCH', `${base(g._id, 'ou_2.5')}/adjust-odds`, s.admin, {
      odds: { over: 1.77, under: 2.05 },
    });
    expect(adjusted.status, JSON.stringify(adjusted.body)).toBe(200);
    expect(adjusted.body.market.outcomes.map((o: any) => o.odds)).toEqual([1.77, 2.05]);
    expect(adjusted.body.market.status).toBe('suspended');

    const reopened = await inject(s.games, 'PATCH', `${base(g._id, 'ou_2.5')}/reopen`, s.admin);
    expect(reopened.status).toBe(200);
    expect(reopened.body).toMatchObject({ msg: 'Market reopened.', market: { status: 'open' } });
    await eventually(async () => {
      const r = await readModel(g._id);
      return (r?.suspended_markets ?? []).length === 0 && r?.market_odds?.['ou_2.5']?.over === 177;
    });
    const taken = await bet(p.auth, g._id, 'ou_2.5', 'over');
    expect(taken.status, JSON.stringify(taken.body)).toBe(201);
    expect(taken.body.bets[0].totalOdds).toBe(1.77);

    // reset: the model's price again
    const reset = await inject(s.games, 'DELETE', `${base(g._id, 'ou_2.5')}/adjust-odds`, s.admin);
    expect(reset.status).toBe(200);
    expect(reset.body.market.outcomes[0].odds).not.toBe(1.77);
    expect((await inject(s.games, 'DELETE', `${base(g._id, 'ou_2.5')}/adjust-odds`, s.admin)).status).toBe(
      409,
    );

    // the game's trail and the platform's audit log
    const trail = await inject(s.games, 'GET', `/api/v1/admin/games/${g._id}/audit`, s.admin);
    const actions = trail.body.audit.map((a: any) => a.action);
    expect(actions).toEqual(
      expect.arrayContaining(['market.suspend', 'market.adjust', 'market.reopen', 'market.reset']),
    );
    expect(trail.body.audit.find((a: any) => a.action === 'market.adjust')).toMatchObject({
      before: { market: 'ou_2.5', suspended: true, adjusted: null },
      after: { market: 'ou_2.5', suspended: true, adjusted: { over: 1.77, under: 2.05 } },
    });
    const log = await eventually(async () => {
      const res = await inject(
        adminSvc,
        'GET',
        `/api/v1/admin/audit-log?entityId=${g._id}&limit=50`,
        s.admin,
      );
      const seen = (res.body.entries ?? []).map((e: any) => e.action);
      return ['market.suspend', 'market.adjust', 'market.reopen', 'market.reset'].every((a) =>
        seen.includes(a),
      )
        ? res.body.entries
        : null;
    }, 15_000);
    expect(log.find((e: any) => e.action === 'market.suspend')).toMatchObject({
      actor: { username: 'boss' },
      entity: 'game',
      after: { market: 'ou_2.5', suspended: true },
    });
  });

  it('suspends 1X2 too, and adjusts 1X2 as the game adjustment', async () => {
    const g = await game(s);
    const p = await player(s, 100);
    expect((await inject(s.games, 'PATCH', `${base(g._id, '1x2')}/suspend`, s.admin)).status).toBe(200);
    await eventually(async () => (await readModel(g._id))?.suspended_markets?.includes('1x2'));
    const refused = await inject(s.betting, 'POST', '/api/v1/bets/singles', p.auth, {
      stakePerBet: 5,
      selections: [{ gameId: g._id, outcome: 'A' }],
    });
    expect(refused.status).toBe(422);
    expect(refused.body.msg).toMatch(/^The Match Result market of .* is suspended/);
    const adj = await inject(s.games, 'PATCH', `${base(g._id, '1x2')}/adjust-odds`, s.admin, {
      odds: { A: 1.5, Draw: 4, B: 6 },
    });
    expect(adj.status, JSON.stringify(adj.body)).toBe(200);
    const one = await inject(s.games, 'GET', `/api/v1/games/${g._id}`);
    expect(one.body.odds).toEqual({ home: 1.5, draw: 4, away: 6 });
    // the adjustment kept the suspension
    expect(adj.body.market.status).toBe('suspended');
    expect(
      (await inject(s.games, 'PATCH', `${base(g._id, '1x2')}/adjust-odds`, s.admin, { odds: { A: 1.5 } }))
        .status,
    ).toBe(400);
  });

  it('refuses bad input, unknown markets and games, players, and closed games', async () => {
    const g = await game(s);
    const p = await player(s, 0);
    const bad = await inject(s.games, 'PATCH', `${base(g._id, 'btts')}/adjust-odds`, s.admin, {
      odds: { yes: 1.001, maybe: 2 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: any) => e.path).sort()).toEqual(['odds.maybe', 'odds.yes']);
    expect((await inject(s.games, 'PATCH', `${base(g._id, 'ou_9.5')}/suspend`, s.admin)).status).toBe(404);
    expect(
      (await inject(s.games, 'PATCH', `${base('5f1d7f0c9b1e8a3d4c2b1a99', 'btts')}/suspend`, s.admin)).status,
    ).toBe(404);
    expect((await inject(s.games, 'PATCH', `${base(g._id, 'btts')}/suspend`, p.auth)).status).toBe(403);
    expect((await inject(s.games, 'PATCH', `${base(g._id, 'btts')}/suspend`)).status).toBe(401);
    expect((await inject(s.games, 'PATCH', `${base(g._id, 'btts')}/reopen`, s.admin)).status).toBe(409);
    await inject(s.games, 'PATCH', `/api/v1/games/${g._id}/cancel`, s.admin);
    expect((await inject(s.games, 'PATCH', `${base(g._id, 'btts')}/suspend`, s.admin)).status).toBe(409);
    // nothing refused was audited
    const trail = await inject(s.games, 'GET', `/api/v1/admin/games/${g._id}/audit`, s.admin);
    expect(trail.body.audit.filter((a: any) => a.action.startsWith('market.'))).toEqual([]);
  });
});
