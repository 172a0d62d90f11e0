import {
  AviatorOpenBets,
  BettingOpenBets,
  IdentityPresence,
  UserDeleted,
  WalletBalance,
} from '@bet/proto-events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Harness,
  loginAs,
  loginStatus,
  refreshStatus,
  registerPlayer,
  startIdentity,
  waitFor,
} from './helpers';

/** The same service on the embedded mode's PGlite and in-memory bus. */
let h: Harness;
beforeAll(async () => {
  h = await startIdentity({
    kind: 'embedded',
    env: { ADMIN_EMAIL: 'admin@local.test', ADMIN_PASSWORD: 'embedded-admin-pw' },
  });
});
afterAll(async () => {
  await h?.stop();
});

describe('identity in embedded mode', () => {
  it('registers, logs in, refreshes with rotation and detects reuse', async () => {
    const p = await registerPlayer(h);
    const login = await h.call({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: p.email, password: p.password },
    });
    expect(login.statusCode).toBe(200);
    const { refreshToken } = login.json();
    const next = await h.call({
      method: 'POST',
      url: '/api/v1/auth/refresh-token',
      payload: { token: refreshToken, rotate: true },
    });
    expect(next.statusCode).toBe(200);
    expect(
      (await h.call({ method: 'GET', url: '/api/v1/auth/me', token: next.json().accessToken })).json()._id,
    ).toBe(p.id);
    expect(
      (await h.call({ method: 'POST', url: '/api/v1/auth/refresh-token', payload: { token: refreshToken } }))
        .statusCode,
    ).toBe(400);
    expect(await refreshStatus(h, next.json().refreshToken)).toBe(400);
  });

  it('serves the development mail page without extra settings and resets a password through it', async () => {
    const p = await registerPlayer(h);
    await h.call({ method: 'POST', url: '/api/v1/auth/request-password-reset', payload: { email: p.email } });
    const page = await waitFor(async () => {
      const res = await h.call({ method: 'GET', url: '/api/v1/dev/mail', ip: '127.0.0.1' });
      return res.body.includes(p.email) ? res.body : undefined;
    });
    const token = /reset-password\/([A-Za-z0-9_-]+)/.exec(page)![1];
    const reset = await h.call({
      method: 'POST',
      url: `/api/v1/auth/reset-password/${token}`,
      payload: { password: 'embedded-new-pw', confirmPassword: 'embedded-new-pw' },
    });
    expect(reset.statusCode).toBe(200);
    expect(await loginStatus(h, p.email, 'embedded-new-pw')).toBe(200);
  });

  it('stores and serves a profile picture', async () => {
    const p = await registerPlayer(h);
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const boundary = 'xYz';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="profilePicture"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const up = await h.call({
      method: 'POST',
      url: '/api/v1/users/profile-picture',
      token: p.accessToken,
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(up.statusCode).toBe(200);
    const img = await h.call({ method: 'GET', url: up.json().profilePictureUrl });
    expect(Buffer.compare(img.rawPayload, png)).toBe(0);
  });

  it('records presence and closes an account after asking wallet and betting on the in-memory bus', async () => {
    const admin = await loginAs(h, 'admin@local.test', 'embedded-admin-pw');
    const p = await registerPlayer(h);
    expect(await h.infra.bus.request(IdentityPresence.subject, { userId: p.id, isOnline: true })).toEqual({
      ok: true,
    });
    const list = (
      await h.call({
        method: 'GET',
        url: `/api/v1/admin/users?search=${p.username}`,
        token: admin.accessToken,
      })
    ).json();
    expect(list.users[0]).toMatchObject({ _id: p.id, isOnline: true });

    // no wallet yet: refused rather than deleted blindly
    const blind = await h.call({
      method: 'DELETE',
      url: `/api/v1/admin/users/${p.id}`,
      token: admin.accessToken,
    });
    expect(blind.statusCode).toBe(503);
    const subs = [
      await h.infra.bus.reply(WalletBalance.subject, async ({ userId }) => ({ userId, balanceCents: 0 })),
      await h.infra.bus.reply(BettingOpenBets.subject, async ({ userId }) => ({ userId, pendingBets: 0 })),
      await h.infra.bus.reply(AviatorOpenBets.subject, async ({ userId }) => ({ userId, openBets: 0 })),
    ];
    try {
      const res = await h.call({
        method: 'DELETE',
        url: `/api/v1/admin/users/${p.id}`,
        token: admin.accessToken,
      });
      expect(res.statusCode).toBe(200);
    } finally {
      for (const s of subs) await s.stop();
    }
    await waitFor(() => h.events.find((e) => e.subject === UserDeleted.subject && e.data.userId === p.id));
    expect(await loginStatus(h, p.email, p.password)).toBe(401);
  });

  it('published only events that match the catalogue', () => {
    expect(h.invalidEvents).toEqual([]);
  });
});
