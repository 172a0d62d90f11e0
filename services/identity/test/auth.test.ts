import { UserRegistered } from '@bet/proto-events';
import { decodeJwt, importPKCS8, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, newPlayer, refreshStatus, registerPlayer, startIdentity, waitFor } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await startIdentity({ env: { LOGIN_PAIR_FREE_FAILURES: '3', LOGIN_IP_FREE_FAILURES: '8' } });
});
afterAll(async () => {
  await h?.stop();
});

describe('registration', () => {
  it('creates the account, answers the token pair and the user, and announces it', async () => {
    const body = newPlayer({ email: 'Mixed.Case@Example.COM' });
    const res = await h.call({ method: 'POST', url: '/api/v1/auth/register', payload: body });
    expect(res.statusCode).toBe(201);
    const json = res.json();
    expect(json.msg).toBe('Registration successful! Welcome.');
    expect(json.user).toMatchObject({
      username: body.username,
      email: 'mixed.case@example.com',
      firstName: 'Ada',
      lastName: 'Obi',
      role: 'user',
      hasPassword: true,
      state: null,
      profilePicture: null,
    });
    expect(json.user._id).toMatch(/^[0-9a-f]{24}$/);
    expect(json.user.limits).toEqual({ weeklyBetCount: { limit: 0 }, weeklyStakeAmount: { limit: 0 } });
    expect(json.user).not.toHaveProperty('password');
    expect(json.user).not.toHaveProperty('passwordHash');
    // the access token is one every service accepts
    const verified = await h.infra.verifier.verify(json.accessToken);
    expect(verified).toMatchObject({ id: json.user._id, role: 'user', username: body.username });
    // a working day by default (issue 17): revocation, not expiry, ends a session early
    expect(verified.expiresAtMs - verified.issuedAtMs).toBeGreaterThan(24 * 3600_000 - 2000);
    expect(verified.sessionId).toMatch(/^[0-9a-f]{24}$/);
    const refresh = decodeJwt(json.refreshToken);
    expect(refresh.aud).toBe('refresh');
    expect(refresh.exp! - refresh.iat!).toBe(30 * 86_400);
    const evt = await waitFor(() =>
      h.events.find((e) => e.subject === UserRegistered.subject && e.data.userId === json.user._id),
    );
    expect(evt.data).toMatchObject({
      username: body.username,
      email: 'mixed.case@example.com',
      role: 'user',
    });
  });

  it('keeps the 18+ and terms consent with the account, and refuses an unticked box', async () => {
    const consented = await h.call({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { ...newPlayer(), termsAccepted: true },
    });
    expect(consented.statusCode).toBe(201);
    const at = Date.parse(consented.json().user.termsAcceptedAt);
    expect(Math.abs(Date.now() - at)).toBeLessThan(60_000);
    const me = await h.call({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: { authorization: `Bearer ${consented.json().accessToken}` },
    });
    expect(me.json().termsAcceptedAt).toBe(consented.json().user.termsAcceptedAt);

    // the spec's bare payload still registers; no consent is recorded for it
    const bare = await h.call({ method: 'POST', url: '/api/v1/auth/register', payload: newPlayer() });
    expect(bare.statusCode).toBe(201);
    expect(bare.json().user.termsAcceptedAt).toBeNull();

    const refused = await h.call({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { ...newPlayer(), termsAccepted: false },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      msg: 'Please confirm you are 18 or over and accept the terms.',
      errors: [{ path: 'termsAccepted', location: 'body' }],
    });
    // a string is not a yes: bodies are typed strictly
    const stringy = await h.call({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { ...newPlayer(), termsAccepted: 'true' },
    });
    expect(stringy.statusCode).toBe(400);
  });

  it('refuses a taken username (whatever its case) and a taken email', async () => {
    const first = await registerPlayer(h);
    const sameName = await h.call({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: newPlayer({ username: first.username.toUpperCase() }),
    });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json()).toMatchObject({
      msg: 'Username is already taken.',
      errors: [{ path: 'username' }],
    });
    const sameEmail = await h.call({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: newPlayer({ email: first.email.toUpperCase() }),
    });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().msg).toBe('An account with this email already exists.');
    // the spec's answer stays (docs/decisions/identity-005); the owner hears of the attempt
    const notice = await waitFor(async () =>
      (
        await h.svc.ctx.db
          .selectFrom('mail_outbox')
          .selectAll()
          .where('to_address', '=', first.email)
          .execute()
      ).find((m) => m.subject === 'Someone tried to create an account with your email'),
    );
    expect(notice.text).toContain('/forgot-password');
  });

  it('answers bad input with 400, one error per field, and writes nothing', async () => {
    const before = await h.svc.ctx.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const cases: Array<[unknown, string[]]> = [
      [{ ...newPlayer(), username: 'no spaces!' }, ['username']],
      [{ ...newPlayer(), password: 'password1' }, ['password']],
      [{ ...newPlayer(), password: 'short' }, ['password']],
      [{ ...newPlayer(), email: 'not-an-email' }, ['email']],
      [{ ...newPlayer(), role: 'admin' }, ['role']],
      [{ username: 'abc' }, ['email', 'password', 'firstName', 'lastName']],
      [{ ...newPlayer(), firstName: 42 }, ['firstName']],
    ];
    for (const [payload, paths] of cases) {
      const res = await h.call({ method: 'POST', url: '/api/v1/auth/register', payload: payload as object });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const json = res.json();
      expect(json.errors.map((e: { path: string }) => e.path).sort()).toEqual([...paths].sort());
      expect(json.msg).toBe(json.errors[0].msg);
    }
    const tooCommon = await h.call({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { ...newPlayer(), password: 'iloveyou1' },
    });
    expect(tooCommon.json().msg).toMatch(/too common/);
    const after = await h.svc.ctx.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('refuses a body that is not JSON or is too large, without a 500', async () => {
    const bad = await h.call({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: '{"username":',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('Request body is not valid JSON');
    const huge = await h.call({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { ...newPlayer(), firstName: 'a'.repeat(2 * 1024 * 1024) },
    });
    expect(huge.statusCode).toBe(413);
  });
});

describe('sign-in and sessions', () => {
  it('logs in with the email in any case and answers the token pair and the user', async () => {
    const p = await registerPlayer(h);
    const res = await h.call({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: p.email.toUpperCase(), password: p.password },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      msg: 'Logged in successfully!',
      user: { _id: p.id, username: p.username },
    });
    const me = await h.call({ method: 'GET', url: '/api/v1/auth/me', token: res.json().accessToken });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual(p.user);
  });

  it('answers a wrong password and an unknown email the same way', async () => {
    const p = await registerPlayer(h);
    const wrong = await h.call({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: p.email, password: 'not-the-password' },
      ip: '198.51.100.50',
    });
    const unknown = await h.call({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: `x${p.email}`, password: p.password },
      ip: '198.51.100.50',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ msg: 'Invalid email or password.' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('needs a valid token for /auth/me', async () => {
    expect((await h.call({ method: 'GET', url: '/api/v1/auth/me' })).statusCode).toBe(401);
    const p = await registerPlayer(h);
    const tampered = `${p.accessToken.slice(0, -4)}AAAA`;
    expect((await h.call({ method: 'GET', url: '/api/v1/auth/me', token: tampered })).json().msg).toBe(
      'Not authorized: invalid token',
    );
    // a refresh token is not an access token
    expect((await h.call({ method: 'GET', url: '/api/v1/auth/me', token: p.refreshToken })).statusCode).toBe(
      401,
    );
  });

  it('refuses expired access and refresh tokens with their own message', async () => {
    const p = await registerPlayer(h);
    const hourAgo = Math.floor(Date.now() / 1000) - 3600;
    const staleAccess = await h.infra.signer.signAccess(
      { id: p.id, role: 'user', username: p.username },
      hourAgo,
    );
    const me = await h.call({ method: 'GET', url: '/api/v1/auth/me', token: staleAccess });
    expect(me.statusCode).toBe(401);
    expect(me.json().msg).toBe('Not authorized: token expired');
    // a refresh token naming a real session, correctly signed, but past its expiry
    const key = await importPKCS8(h.infra.keys.privateKeyPem, 'EdDSA');
    const staleRefresh = await new SignJWT({})
      .setProtectedHeader({ alg: 'EdDSA', typ: 'JWT' })
      .setSubject(p.id)
      .setIssuer('bet-platform')
      .setAudience('refresh')
      .setJti(String(decodeJwt(p.refreshToken).jti))
      .setIssuedAt(hourAgo)
      .setExpirationTime(hourAgo + 60)
      .sign(key);
    const res = await h.call({
      method: 'POST',
      url: '/api/v1/auth/refresh-token',
      payload: { token: staleRefresh },
    });
    // never a 401: a client that refreshes on every 401 would loop on it
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ msg: 'Refresh token expired. Please log in again.', code: 'invalid_grant' });
    // the genuine token still works: an expired copy did not end the session
    expect(await refreshStatus(h, p.refreshToken)).toBe(200);
  });

  const refresh = (payload: Record<string, unknown>) =>
    h.call({ method: 'POST', url: '/api/v1/auth/refresh-token', payload });

  it('keeps a refresh token valid for any number of refreshes, also at once (a spec client)', async () => {
    const p = await registerPlayer(h);
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => refresh({ token: p.refreshToken })));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    for (const a of answers) {
      expect(Object.keys(a.json()).sort()).toEqual(['accessToken', 'refreshToken']);
      // the same refresh token comes back: nothing for the client to store
      expect(a.json().refreshToken).toBe(p.refreshToken);
      const me = await h.call({ method: 'GET', url: '/api/v1/auth/me', token: a.json().accessToken });
      expect(me.json()._id).toBe(p.id);
    }
    expect((await refresh({ token: p.refreshToken })).statusCode).toBe(200);
  });

  it('rotates on request, and ends the whole family when a used-up token comes back', async () => {
    const p = await registerPlayer(h);
    const r1 = await refresh({ token: p.refreshToken, rotate: true });
    expect(r1.statusCode).toBe(200);
    const next = r1.json();
    expect(next.refreshToken).not.toBe(p.refreshToken);
    // the rotated session keeps its absolute lifetime
    expect(decodeJwt(next.refreshToken).exp).toBe(decodeJwt(p.refreshToken).exp);
    // the thief replays the first token (with or without asking for rotation)
    const replay = await refresh({ token: p.refreshToken });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().msg).toMatch(/already used/);
    // and the legitimate successor is dead too, and so is its access token, at once
    expect((await refresh({ token: next.refreshToken, rotate: true })).statusCode).toBe(400);
    const me = await h.call({ method: 'GET', url: '/api/v1/auth/me', token: next.accessToken });
    expect(me.statusCode).toBe(401);
    expect(me.json().msg).toBe('Not authorized: this session has ended. Please log in again.');
    // another sign-in of the same user is a different family and keeps working
    const other = (
      await h.call({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: p.email, password: p.password },
      })
    ).json();
    expect(await refreshStatus(h, other.refreshToken)).toBe(200);
  });

  it('lets only one of two simultaneous rotations of a refresh token through', async () => {
    const p = await registerPlayer(h);
    const answers = await Promise.all([1, 2].map(() => refresh({ token: p.refreshToken, rotate: true })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
  });

  it('refuses forged and malformed refresh tokens', async () => {
    const p = await registerPlayer(h);
    const forged = await h.call({
      method: 'POST',
      url: '/api/v1/auth/refresh-token',
      payload: { token: `${p.refreshToken.slice(0, -3)}abc` },
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().msg).toBe('Invalid refresh token.');
    // an access token is not a refresh token
    expect(
      (await h.call({ method: 'POST', url: '/api/v1/auth/refresh-token', payload: { token: p.accessToken } }))
        .statusCode,
    ).toBe(400);
    expect(
      (await h.call({ method: 'POST', url: '/api/v1/auth/refresh-token', payload: {} })).statusCode,
    ).toBe(400);
  });

  it('logout ends the session, its access token included, and only that session', async () => {
    const p = await registerPlayer(h);
    const other = (
      await h.call({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: p.email, password: p.password },
      })
    ).json();
    const out = await h.call({
      method: 'POST',
      url: '/api/v1/auth/logout',
      payload: { token: p.refreshToken },
    });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ msg: 'Logged out successfully.' });
    const after = await h.call({
      method: 'POST',
      url: '/api/v1/auth/refresh-token',
      payload: { token: p.refreshToken },
    });
    expect(after.statusCode).toBe(400);
    // the access token of the session stopped working too, not 24 hours later
    const me = await h.call({ method: 'GET', url: '/api/v1/auth/me', token: p.accessToken });
    expect(me.statusCode).toBe(401);
    await expect(h.infra.verifier.verify(p.accessToken)).rejects.toMatchObject({ reason: 'revoked' });
    expect(
      (await h.call({ method: 'GET', url: '/api/v1/auth/me', token: other.accessToken })).statusCode,
    ).toBe(200);
    // the outbox relay publishes it after the answer
    await waitFor(() =>
      h.events.some((e) => e.subject === 'user.sessions_revoked' && e.data.userId === p.id),
    );
    // logging out twice is fine
    expect(
      (await h.call({ method: 'POST', url: '/api/v1/auth/logout', payload: { token: p.refreshToken } }))
        .statusCode,
    ).toBe(200);
  });
});

describe('login throttling', () => {
  const attempt = (email: string, password: string, ip: string) =>
    h.call({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password }, ip });

  it('slows an attacker on one address without locking the owner out elsewhere', async () => {
    const victim = await registerPlayer(h);
    const attacker = '203.0.113.66';
    // three free failures (LOGIN_PAIR_FREE_FAILURES=3), then the fourth sets a wait
    for (let i = 0; i < 4; i++)
      expect((await attempt(victim.email, 'guess-number-x', attacker)).statusCode).toBe(401);
    const throttled = await attempt(victim.email, 'guess-number-y', attacker);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().msg).toMatch(/^Too many failed attempts\. Please try again in \d+ seconds?\.$/);
    // even the right password waits on that address: no oracle for the attacker
    expect((await attempt(victim.email, victim.password, attacker)).statusCode).toBe(429);
    // the owner, from their own address, is not affected
    const owner = await attempt(victim.email, victim.password, '198.51.100.77');
    expect(owner.statusCode).toBe(200);
  });

  it('slows an address that sprays many accounts', async () => {
    const sprayer = '203.0.113.99';
    const accounts = await Promise.all([1, 2, 3].map(() => registerPlayer(h)));
    let throttledAt = -1;
    for (let i = 0; i < 12 && throttledAt < 0; i++) {
      const res = await attempt(accounts[i % 3].email, `spray-guess-${i}`, sprayer);
      if (res.statusCode === 429) throttledAt = i;
      else expect(res.statusCode).toBe(401);
    }
    // 8 free failures per address (LOGIN_IP_FREE_FAILURES=8); the 9th sets a wait, the 10th meets it
    expect(throttledAt).toBe(9);
    // the accounts themselves are fine from anywhere else
    expect((await attempt(accounts[0].email, accounts[0].password, '198.51.100.78')).statusCode).toBe(200);
  });

  it('believes X-Forwarded-For only from a trusted proxy', async () => {
    const victim = await registerPlayer(h);
    // from an untrusted peer, a forged header does not buy a fresh address per attempt
    for (let i = 0; i < 4; i++) {
      await h.call({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: victim.email, password: 'nope-nope-nope' },
        ip: '203.0.113.7',
        headers: { 'x-forwarded-for': `192.0.2.${i}` },
      });
    }
    const fifth = await h.call({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: victim.email, password: 'nope-nope-nope' },
      ip: '203.0.113.7',
      headers: { 'x-forwarded-for': '192.0.2.200' },
    });
    expect(fifth.statusCode).toBe(429);
    // through the gateway (a private address), each client is told apart
    const viaGateway = await h.call({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: victim.email, password: victim.password },
      ip: '10.0.0.2',
      headers: { 'x-forwarded-for': '192.0.2.201' },
    });
    expect(viaGateway.statusCode).toBe(200);
  });
});

describe('events', () => {
  it('every event published matched its catalogue schema', async () => {
    await waitFor(() => h.events.length > 0);
    expect(h.invalidEvents).toEqual([]);
  });
});
