import { type Subscription, startService } from '@bet/kit';
import {
  AviatorOpenBets,
  BettingOpenBets,
  IdentityPresence,
  UserDeleted,
  UserPresence,
  UserRegistered,
  UserRoleChanged,
  WalletBalance,
} from '@bet/proto-events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityService } from '../src/index';
import {
  type Harness,
  loginAs,
  loginStatus,
  newPlayer,
  refreshStatus,
  registerPlayer,
  startIdentity,
  waitFor,
} from './helpers';

const ADMIN = { email: 'root@bet.test', password: 'root-password-for-tests' };
let h: Harness;
let admin: { accessToken: string; user: { _id: string } };
// stand-ins for the wallet and betting services: they answer on the real test bus
const balances = new Map<string, number>();
const pendingBets = new Map<string, number>();
const aviatorBets = new Map<string, number>();
let responders: Subscription[] = [];

async function startResponders() {
  responders = [
    await h.infra.bus.reply(WalletBalance.subject, async ({ userId }) => ({
      userId,
      balanceCents: balances.get(userId) ?? 0,
    })),
    await h.infra.bus.reply(BettingOpenBets.subject, async ({ userId }) => ({
      userId,
      pendingBets: pendingBets.get(userId) ?? 0,
    })),
    await h.infra.bus.reply(AviatorOpenBets.subject, async ({ userId }) => ({
      userId,
      openBets: aviatorBets.get(userId) ?? 0,
    })),
  ];
}

beforeAll(async () => {
  h = await startIdentity({
    env: {
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      DEMO_EMAIL: 'demo@bet.test',
      DEMO_PASSWORD: 'demo-password-42',
      PEER_TIMEOUT_MS: '500',
    },
  });
  admin = await loginAs(h, ADMIN.email, ADMIN.password);
  await startResponders();
});
afterAll(async () => {
  for (const r of responders) await r.stop();
  await h?.stop();
});

const asAdmin = (method: string, url: string, payload?: unknown) =>
  h.call({ method, url, payload, token: admin.accessToken });

describe('accounts from configuration', () => {
  it('creates the first admin and the demo player', async () => {
    expect(admin.user).toMatchObject({ username: 'admin', role: 'admin', email: ADMIN.email });
    const demo = await loginAs(h, 'demo@bet.test', 'demo-password-42');
    expect(demo.user).toMatchObject({ username: 'demo', role: 'user' });
    await waitFor(() =>
      h.events.find(
        (e) =>
          e.subject === UserRegistered.subject && e.data.userId === admin.user._id && e.data.role === 'admin',
      ),
    );
  });

  it('promotes an existing account named as admin at the next start, keeping its password', async () => {
    const p = await registerPlayer(h);
    const second = await startService(identityService, h.infra, {
      env: { ADMIN_EMAIL: p.email, ADMIN_PASSWORD: 'ignored-for-existing' },
    });
    await second.stop();
    const again = await loginAs(h, p.email, p.password);
    expect(again.user.role).toBe('admin');
    await waitFor(() =>
      h.events.find((e) => e.subject === UserRoleChanged.subject && e.data.userId === p.id),
    );
    // back to a player, so the rest of the suite knows who the admins are
    expect((await asAdmin('PATCH', `/api/v1/admin/users/${p.id}/role`, { role: 'user' })).statusCode).toBe(
      200,
    );
  });
});

describe('admin routes are for admins', () => {
  it('refuses a missing token, a player token, and a token of a demoted admin', async () => {
    expect((await h.call({ method: 'GET', url: '/api/v1/admin/users' })).statusCode).toBe(401);
    const p = await registerPlayer(h);
    const asPlayer = await h.call({ method: 'GET', url: '/api/v1/admin/users', token: p.accessToken });
    expect(asPlayer.statusCode).toBe(403);
    expect(asPlayer.json()).toEqual({ msg: 'Admin access required' });
    // a token minted while the account was admin stops working here as soon as it is demoted
    await asAdmin('PATCH', `/api/v1/admin/users/${p.id}/role`, { role: 'admin' });
    const promoted = await loginAs(h, p.email, p.password);
    expect(
      (await h.call({ method: 'GET', url: '/api/v1/admin/users', token: promoted.accessToken })).statusCode,
    ).toBe(200);
    await asAdmin('PATCH', `/api/v1/admin/users/${p.id}/role`, { role: 'user' });
    // the admin token is revoked at once (everywhere: the verifier is the kit's)
    const stale = await h.call({ method: 'GET', url: '/api/v1/admin/users', token: promoted.accessToken });
    expect(stale.statusCode).toBe(401);
    expect(stale.json().msg).toBe('Not authorized: this session has ended. Please log in again.');
    await expect(h.infra.verifier.verify(promoted.accessToken)).rejects.toMatchObject({ reason: 'revoked' });
    // the session itself goes on: a refresh carries the new role
    const refreshed = await h.call({
      method: 'POST',
      url: '/api/v1/auth/refresh-token',
      payload: { token: promoted.refreshToken },
    });
    expect(refreshed.statusCode).toBe(200);
    const asUser = refreshed.json().accessToken;
    expect((await h.infra.verifier.verify(asUser)).role).toBe('user');
    expect((await h.call({ method: 'GET', url: '/api/v1/admin/users', token: asUser })).statusCode).toBe(403);
    expect(
      (
        await h.call({
          method: 'DELETE',
          url: `/api/v1/admin/users/${admin.user._id}`,
          token: promoted.accessToken,
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('user list', () => {
  // letters only: the tag also goes into names
  const tag = `zq${Date.now()
    .toString(36)
    .replace(/[0-9]/g, (d) => 'abcdefghij'[Number(d)])}`;
  const made: Array<Awaited<ReturnType<typeof registerPlayer>>> = [];
  beforeAll(async () => {
    for (let i = 0; i < 4; i++)
      made.push(
        await registerPlayer(h, {
          username: `${tag}_${i}`,
          email: `${tag}${i}@list.test`,
          firstName: i === 2 ? 'Ngozi' : 'Tunde',
          lastName: `${tag}Bakare`,
        }),
      );
    await asAdmin('PATCH', `/api/v1/admin/users/${made[3].id}/role`, { role: 'admin' });
  });

  it('pages with 15 by default and lists administrators first', async () => {
    const res = await asAdmin('GET', '/api/v1/admin/users');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['currentPage', 'totalCount', 'totalPages', 'users']);
    expect(body.currentPage).toBe(1);
    expect(body.users.length).toBe(Math.min(15, body.totalCount));
    expect(body.totalPages).toBe(Math.ceil(body.totalCount / 15));
    const roles = body.users.map((u: { role: string }) => u.role);
    expect(roles.indexOf('user')).toBeGreaterThan(roles.lastIndexOf('admin'));
    expect(body.users[0]).toHaveProperty('isOnline', false);
    expect(body.users[0]).toHaveProperty('lastSeen');
  });

  it('searches over username, email, first, last and full name', async () => {
    const search = async (q: string) =>
      (await asAdmin('GET', `/api/v1/admin/users?search=${encodeURIComponent(q)}`)).json();
    const all = await search(tag.toUpperCase());
    expect(all.totalCount).toBe(4);
    expect(all.users[0]._id).toBe(made[3].id); // the admin among them comes first
    expect((await search(`${tag}2@list`)).users.map((u: { _id: string }) => u._id)).toEqual([made[2].id]);
    expect((await search(`Ngozi ${tag}`)).users.map((u: { _id: string }) => u._id)).toEqual([made[2].id]);
    expect((await search(`${tag}_1`)).totalCount).toBe(1);
    // LIKE wildcards are matched literally
    expect((await search('%')).totalCount).toBe(0);
    const page2 = (await asAdmin('GET', `/api/v1/admin/users?search=${tag}&limit=3&page=2`)).json();
    expect(page2).toMatchObject({ totalCount: 4, currentPage: 2, totalPages: 2 });
    expect(page2.users).toHaveLength(1);
  });

  it('refuses bad paging', async () => {
    expect((await asAdmin('GET', '/api/v1/admin/users?limit=101')).statusCode).toBe(400);
    expect((await asAdmin('GET', '/api/v1/admin/users?page=0')).statusCode).toBe(400);
    expect((await asAdmin('GET', '/api/v1/admin/users?page=abc')).statusCode).toBe(400);
  });

  it('shows one user with presence', async () => {
    const res = await asAdmin('GET', `/api/v1/admin/users/${made[0].id}`);
    expect(res.json()).toMatchObject({
      _id: made[0].id,
      username: made[0].username,
      isOnline: false,
      lastSeen: null,
      closedAt: null,
    });
    expect((await asAdmin('GET', '/api/v1/admin/users/xyz')).statusCode).toBe(400);
    expect((await asAdmin('GET', `/api/v1/admin/users/${'f'.repeat(24)}`)).statusCode).toBe(404);
  });
});

describe('roles', () => {
  it('promotes and demotes, announcing each change', async () => {
    const p = await registerPlayer(h);
    const up = await asAdmin('PATCH', `/api/v1/admin/users/${p.id}/role`, { role: 'admin' });
    expect(up.statusCode).toBe(200);
    expect(up.json()).toMatchObject({
      msg: 'User role updated successfully!',
      user: { _id: p.id, role: 'admin' },
    });
    const evt = await waitFor(() =>
      h.events.find(
        (e) => e.subject === UserRoleChanged.subject && e.data.userId === p.id && e.data.role === 'admin',
      ),
    );
    expect(evt.data.changedBy).toBe(admin.user._id);
    // the next refreshed access token carries the new role
    const pair = (
      await h.call({ method: 'POST', url: '/api/v1/auth/refresh-token', payload: { token: p.refreshToken } })
    ).json();
    expect((await h.infra.verifier.verify(pair.accessToken)).role).toBe('admin');
    expect(
      (await asAdmin('PATCH', `/api/v1/admin/users/${p.id}/role`, { role: 'user' })).json().user.role,
    ).toBe('user');
  });

  it('refuses a bad role, a self-change and an unknown user', async () => {
    const p = await registerPlayer(h);
    expect(
      (await asAdmin('PATCH', `/api/v1/admin/users/${p.id}/role`, { role: 'superuser' })).statusCode,
    ).toBe(400);
    expect(
      (await asAdmin('PATCH', `/api/v1/admin/users/${p.id}/role`, { role: 'admin', extra: 1 })).statusCode,
    ).toBe(400);
    const self = await asAdmin('PATCH', `/api/v1/admin/users/${admin.user._id}/role`, { role: 'user' });
    expect(self.statusCode).toBe(403);
    expect(self.json().msg).toBe('You cannot change your own role.');
    expect(
      (await asAdmin('PATCH', `/api/v1/admin/users/${'e'.repeat(24)}/role`, { role: 'admin' })).statusCode,
    ).toBe(404);
  });

  it('never leaves the platform without an admin when two admins demote each other at once', async () => {
    const a = await registerPlayer(h);
    const b = await registerPlayer(h);
    await asAdmin('PATCH', `/api/v1/admin/users/${a.id}/role`, { role: 'admin' });
    await asAdmin('PATCH', `/api/v1/admin/users/${b.id}/role`, { role: 'admin' });
    // the original admin steps aside, so a and b are the only two
    const tokA = (await loginAs(h, a.email, a.password)).accessToken;
    const tokB = (await loginAs(h, b.email, b.password)).accessToken;
    const others = (await asAdmin('GET', '/api/v1/admin/users?limit=100'))
      .json()
      .users.filter(
        (u: { role: string; _id: string }) =>
          u.role === 'admin' && ![a.id, b.id, admin.user._id].includes(u._id),
      );
    for (const o of others) await asAdmin('PATCH', `/api/v1/admin/users/${o._id}/role`, { role: 'user' });
    expect(
      (
        await h.call({
          method: 'PATCH',
          url: `/api/v1/admin/users/${admin.user._id}/role`,
          token: tokA,
          payload: { role: 'user' },
        })
      ).statusCode,
    ).toBe(200);

    const [ab, ba] = await Promise.all([
      h.call({
        method: 'PATCH',
        url: `/api/v1/admin/users/${b.id}/role`,
        token: tokA,
        payload: { role: 'user' },
      }),
      h.call({
        method: 'PATCH',
        url: `/api/v1/admin/users/${a.id}/role`,
        token: tokB,
        payload: { role: 'user' },
      }),
    ]);
    expect([ab.statusCode, ba.statusCode].sort()).toEqual([200, 403]);
    const admins = await h.svc.ctx.db
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'admin')
      .where('closed_at', 'is', null)
      .execute();
    expect(admins).toHaveLength(1);
    // restore the original admin for the rest of the suite
    const survivor = ab.statusCode === 200 ? tokA : tokB;
    expect(
      (
        await h.call({
          method: 'PATCH',
          url: `/api/v1/admin/users/${admin.user._id}/role`,
          token: survivor,
          payload: { role: 'admin' },
        })
      ).statusCode,
    ).toBe(200);
    admin = await loginAs(h, ADMIN.email, ADMIN.password);
  });
});

describe('closing an account', () => {
  it('refuses while the wallet holds money or bets are pending', async () => {
    const p = await registerPlayer(h);
    balances.set(p.id, 1234);
    const money = await asAdmin('DELETE', `/api/v1/admin/users/${p.id}`);
    expect(money.statusCode).toBe(409);
    expect(money.json().msg).toBe(
      'This user still holds $12.34; the account can be closed once the balance is zero.',
    );
    balances.set(p.id, 0);
    pendingBets.set(p.id, 2);
    const bets = await asAdmin('DELETE', `/api/v1/admin/users/${p.id}`);
    expect(bets.statusCode).toBe(409);
    expect(bets.json().msg).toMatch(/2 pending bets/);
    // an Aviator stake in the air counts too (issue 30, item 4)
    pendingBets.set(p.id, 0);
    aviatorBets.set(p.id, 1);
    const flying = await asAdmin('DELETE', `/api/v1/admin/users/${p.id}`);
    expect(flying.statusCode).toBe(409);
    expect(flying.json().msg).toMatch(/1 pending bet;/);
    // nothing happened to the account
    expect(await refreshStatus(h, p.refreshToken)).toBe(200);
  });

  it('closes a clear account: no sign-in, no sessions, no personal data, row kept', async () => {
    const p = await registerPlayer(h, { firstName: 'Kemi' });
    await h.call({
      method: 'PATCH',
      url: '/api/v1/users/profile',
      token: p.accessToken,
      payload: { state: 'Oyo' },
    });
    const res = await asAdmin('DELETE', `/api/v1/admin/users/${p.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ msg: 'User deleted successfully.' });
    expect(await loginStatus(h, p.email, p.password)).toBe(401);
    expect(await refreshStatus(h, p.refreshToken)).toBe(400);
    expect((await h.call({ method: 'GET', url: '/api/v1/auth/me', token: p.accessToken })).statusCode).toBe(
      401,
    );
    // the closed account's token is revoked for every service, not only identity
    await expect(h.infra.verifier.verify(p.accessToken)).rejects.toMatchObject({ reason: 'revoked' });
    const kept = (await asAdmin('GET', `/api/v1/admin/users/${p.id}`)).json();
    expect(kept).toMatchObject({
      _id: p.id,
      firstName: 'Deleted',
      lastName: 'User',
      state: null,
      hasPassword: false,
    });
    expect(kept.closedAt).not.toBeNull();
    expect(JSON.stringify(kept)).not.toContain(p.email);
    expect(JSON.stringify(kept)).not.toContain('Kemi');
    // gone from the list, and the email and username are free again
    expect((await asAdmin('GET', `/api/v1/admin/users?search=${p.username}`)).json().totalCount).toBe(0);
    expect(
      (
        await h.call({
          method: 'POST',
          url: '/api/v1/auth/register',
          payload: newPlayer({ email: p.email, username: p.username }),
        })
      ).statusCode,
    ).toBe(201);
    const evt = await waitFor(() =>
      h.events.find((e) => e.subject === UserDeleted.subject && e.data.userId === p.id),
    );
    expect(evt.data).toEqual({ userId: p.id, deletedBy: admin.user._id });
    expect((await asAdmin('DELETE', `/api/v1/admin/users/${p.id}`)).statusCode).toBe(404);
  });

  it('refuses to delete oneself', async () => {
    const res = await asAdmin('DELETE', `/api/v1/admin/users/${admin.user._id}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe('You cannot delete your own account.');
  });

  it('answers 503 rather than deleting blindly when the wallet or betting does not answer', async () => {
    const p = await registerPlayer(h);
    for (const r of responders) await r.stop();
    try {
      const res = await asAdmin('DELETE', `/api/v1/admin/users/${p.id}`);
      expect(res.statusCode).toBe(503);
      expect(res.json().msg).toMatch(/did not answer/);
    } finally {
      await startResponders();
    }
    expect(await loginStatus(h, p.email, p.password)).toBe(200);
  });
});

describe('presence', () => {
  it('records the gateway reports and announces them', async () => {
    const p = await registerPlayer(h);
    expect(await h.infra.bus.request(IdentityPresence.subject, { userId: p.id, isOnline: true })).toEqual({
      ok: true,
    });
    const online = (await asAdmin('GET', `/api/v1/admin/users/${p.id}`)).json();
    expect(online.isOnline).toBe(true);
    expect(Date.now() - Date.parse(online.lastSeen)).toBeLessThan(60_000);
    await waitFor(() =>
      h.events.find((e) => e.subject === UserPresence.subject && e.data.userId === p.id && e.data.isOnline),
    );
    expect(await h.infra.bus.request(IdentityPresence.subject, { userId: p.id, isOnline: false })).toEqual({
      ok: true,
    });
    expect((await asAdmin('GET', `/api/v1/admin/users/${p.id}`)).json().isOnline).toBe(false);
    await waitFor(() =>
      h.events.find((e) => e.subject === UserPresence.subject && e.data.userId === p.id && !e.data.isOnline),
    );
  });

  it('answers ok: false for an unknown user or a malformed request', async () => {
    expect(
      await h.infra.bus.request(IdentityPresence.subject, { userId: 'a'.repeat(24), isOnline: true }),
    ).toEqual({ ok: false });
    expect(await h.infra.bus.request(IdentityPresence.subject, { userId: 'nope' })).toEqual({ ok: false });
  });
});

describe('events', () => {
  it('every event published matched its catalogue schema', () => {
    expect(h.events.length).toBeGreaterThan(0);
    expect(h.invalidEvents).toEqual([]);
  });
});
