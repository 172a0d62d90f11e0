import { beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { ApiError, createApiClient, extractErrorMessage, UNEXPECTED_ERROR } from './api';
import { getAccessToken, getRefreshToken, isTokenExpired } from './tokens';

const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const jwt = (claims: object) => `${b64({ alg: 'EdDSA' })}.${b64(claims)}.signature`;
const nowS = () => Math.floor(Date.now() / 1000);

function json(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

interface Call {
  url: string;
  method: string;
  auth: string | null;
  body: unknown;
}

/** A fake server: access tokens in `valid` are accepted; /auth/refresh-token answers `refresh()`. */
function fakeServer(opts: { refresh: () => Response | Promise<Response>; delayMs?: number }) {
  const calls: Call[] = [];
  const valid = new Set<string>();
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const call: Call = {
      url,
      method: init?.method ?? 'GET',
      auth: headers.Authorization ?? null,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    // the stand-in answers late, so the parallel requests all meet one refresh in flight
    if (opts.delayMs) await new Promise((r) => setTimeout(r, opts.delayMs));
    if (url.endsWith('/auth/refresh-token')) return opts.refresh();
    const token = call.auth?.replace('Bearer ', '');
    if (!token || !valid.has(token)) return json(401, { msg: 'Token expired' });
    return json(200, { ok: true, url });
  });
  return { calls, valid, fetchMock };
}

describe('extractErrorMessage (spec 000 §8 order)', () => {
  it('prefers the first validation error, then msg, message, error text, then the generic text', () => {
    expect(extractErrorMessage({ errors: [{ msg: 'Stake is required' }], msg: 'Bad request' })).toBe(
      'Stake is required',
    );
    expect(extractErrorMessage({ msg: 'Insufficient funds', message: 'x' })).toBe('Insufficient funds');
    expect(extractErrorMessage({ message: 'Something' })).toBe('Something');
    expect(extractErrorMessage({ error: 'Bad gateway' })).toBe('Bad gateway');
    expect(extractErrorMessage(null, 'Failed to fetch')).toBe('Failed to fetch');
    expect(extractErrorMessage(null)).toBe(UNEXPECTED_ERROR);
    expect(extractErrorMessage({ errors: [] })).toBe(UNEXPECTED_ERROR);
  });
});

describe('API client', () => {
  const expired = jwt({ sub: 'u1', exp: nowS() - 10 });
  const fresh = jwt({ sub: 'u1', exp: nowS() + 900 });
  const refreshToken = jwt({ sub: 'u1', exp: nowS() + 86400 });
  let onSessionExpired: Mock<() => void>;
  let notifyError: Mock<(message: string) => void>;

  beforeEach(() => {
    localStorage.setItem('accessToken', expired);
    localStorage.setItem('refreshToken', refreshToken);
    onSessionExpired = vi.fn<() => void>(() => {
      localStorage.removeItem('accessToken');
      localStorage.removeItem('refreshToken');
    });
    notifyError = vi.fn<(message: string) => void>();
  });

  it('sends the bearer token and the base path, and drops empty query values', async () => {
    const server = fakeServer({ refresh: () => json(500, {}) });
    server.valid.add(expired);
    const api = createApiClient({ fetch: server.fetchMock, onSessionExpired, notifyError });
    await api.get('/bets', { query: { page: 1, status: '', sortBy: undefined, order: 'desc' } });
    expect(server.calls[0].url).toBe('/api/v1/bets?page=1&order=desc');
    expect(server.calls[0].auth).toBe(`Bearer ${expired}`);
  });

  it('on a 401 refreshes once with {token, rotate} and retries the original request once', async () => {
    const server = fakeServer({ refresh: () => json(200, { accessToken: fresh, refreshToken: 'rotated' }) });
    server.valid.add(fresh);
    const api = createApiClient({ fetch: server.fetchMock, onSessionExpired, notifyError });
    await expect(api.get('/wallet')).resolves.toMatchObject({ ok: true });
    expect(server.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /api/v1/wallet',
      'POST /api/v1/auth/refresh-token',
      'GET /api/v1/wallet',
    ]);
    // our web asks for rotation (issue 17): the new refresh token replaces the old one
    expect(server.calls[1].body).toEqual({ token: refreshToken, rotate: true });
    expect(server.calls[2].auth).toBe(`Bearer ${fresh}`);
    expect(getAccessToken()).toBe(fresh);
    expect(getRefreshToken()).toBe('rotated');
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('shares one refresh between concurrent 401s', async () => {
    const server = fakeServer({ refresh: () => json(200, { accessToken: fresh }), delayMs: 5 });
    server.valid.add(fresh);
    const api = createApiClient({ fetch: server.fetchMock, onSessionExpired, notifyError });
    const results = await Promise.all([
      api.get('/wallet'),
      api.get('/bets'),
      api.get('/users/stats'),
      api.get('/auth/me'),
    ]);
    expect(results).toHaveLength(4);
    expect(server.calls.filter((c) => c.url.endsWith('/auth/refresh-token'))).toHaveLength(1);
    // each original request was retried exactly once, with the new token
    const retried = server.calls.filter((c) => c.auth === `Bearer ${fresh}`);
    expect(retried.map((c) => c.url).sort()).toEqual([
      '/api/v1/auth/me',
      '/api/v1/bets',
      '/api/v1/users/stats',
      '/api/v1/wallet',
    ]);
  });

  it('retries only once: a second 401 ends the session instead of refreshing again', async () => {
    const server = fakeServer({ refresh: () => json(200, { accessToken: fresh }) });
    // `fresh` is not accepted either
    const api = createApiClient({ fetch: server.fetchMock, onSessionExpired, notifyError });
    const err = (await api.get('/wallet').catch((e) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(401);
    expect(server.calls).toHaveLength(3);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(notifyError).not.toHaveBeenCalled(); // the session-expiry toast is the only message
  });

  it('logs out (once) when the refresh fails, for all concurrent requests', async () => {
    const server = fakeServer({ refresh: () => json(401, { msg: 'Invalid refresh token' }), delayMs: 5 });
    const api = createApiClient({ fetch: server.fetchMock, onSessionExpired, notifyError });
    const results = await Promise.allSettled([api.get('/wallet'), api.get('/bets'), api.get('/users/stats')]);
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    expect(server.calls.filter((c) => c.url.endsWith('/auth/refresh-token'))).toHaveLength(1);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(notifyError).not.toHaveBeenCalled();
    expect(getAccessToken()).toBeNull();
  });

  it('does not call the refresh endpoint when the refresh token is missing or expired', async () => {
    for (const stored of [null, jwt({ sub: 'u1', exp: nowS() - 5 })]) {
      localStorage.setItem('accessToken', expired);
      if (stored) localStorage.setItem('refreshToken', stored);
      else localStorage.removeItem('refreshToken');
      onSessionExpired.mockClear();
      const server = fakeServer({ refresh: () => json(200, { accessToken: fresh }) });
      const api = createApiClient({ fetch: server.fetchMock, onSessionExpired, notifyError });
      await expect(api.get('/wallet')).rejects.toBeInstanceOf(ApiError);
      expect(server.calls.some((c) => c.url.endsWith('/auth/refresh-token'))).toBe(false);
      expect(onSessionExpired).toHaveBeenCalledTimes(1);
    }
  });

  it('never refreshes for a 401 from login (wrong credentials) or a request made without a token', async () => {
    localStorage.clear();
    const server = fakeServer({ refresh: () => json(200, { accessToken: fresh }) });
    const api = createApiClient({ fetch: server.fetchMock, onSessionExpired, notifyError });
    const err = (await api
      .post('/auth/login', { email: 'a@b.c', password: 'x' }, { silent: true })
      .catch((e) => e)) as ApiError;
    expect(err.status).toBe(401);
    expect(err.message).toBe('Token expired');
    expect(server.calls).toHaveLength(1);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('retries with a token another request already refreshed, without a second refresh', async () => {
    const server = fakeServer({ refresh: () => json(200, { accessToken: 'never' }) });
    server.valid.add(fresh);
    const api = createApiClient({
      fetch: async (input, init) => {
        const res = await server.fetchMock(input, init);
        // the token changed while this request was in flight
        if (String(input).endsWith('/wallet') && server.calls.length === 1)
          localStorage.setItem('accessToken', fresh);
        return res;
      },
      onSessionExpired,
      notifyError,
    });
    await expect(api.get('/wallet')).resolves.toMatchObject({ ok: true });
    expect(server.calls.some((c) => c.url.endsWith('/auth/refresh-token'))).toBe(false);
  });

  it('shows the generic toast for a failed non-silent request, not for a silent one', async () => {
    const fetchMock = vi.fn(async () =>
      json(422, { msg: 'Insufficient funds', errors: [{ msg: 'Stake too high' }] }),
    );
    const api = createApiClient({ fetch: fetchMock, onSessionExpired, notifyError });
    await expect(api.post('/bets/multi', { stake: 5 })).rejects.toThrow('Stake too high');
    expect(notifyError).toHaveBeenCalledWith('Stake too high');
    notifyError.mockClear();
    await expect(api.post('/bets/multi', { stake: 5 }, { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('reports a network failure with its error text', async () => {
    const api = createApiClient({
      fetch: vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
      onSessionExpired,
      notifyError,
    });
    await expect(api.get('/games')).rejects.toThrow('Failed to fetch');
    expect(notifyError).toHaveBeenCalledWith('Failed to fetch');
  });

  describe('idempotent placements', () => {
    /** A server that answers each try in turn from `answers` (an Error: the connection is cut). */
    function flaky(answers: Array<Response | Error>) {
      const keys: Array<string | undefined> = [];
      const fetchMock = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
        keys.push(((init?.headers ?? {}) as Record<string, string>)['Idempotency-Key']);
        const next = answers.shift() ?? json(500, { msg: 'no more answers' });
        if (next instanceof Error) throw next;
        return next;
      });
      return { keys, fetchMock };
    }
    const fast = { retryDelaysMs: [1, 1, 1] };

    it('sends one key per placement and retries with it after a 503 and a cut connection', async () => {
      const server = flaky([
        json(503, { msg: 'The wallet is unavailable right now' }),
        new TypeError('Failed to fetch'),
        json(201, { msg: 'Bets placed successfully!' }),
      ]);
      const api = createApiClient({ fetch: server.fetchMock, onSessionExpired, notifyError });
      await expect(api.post('/bets/singles', { stakePerBet: 1 }, { idempotent: fast })).resolves.toEqual({
        msg: 'Bets placed successfully!',
      });
      expect(server.keys).toHaveLength(3);
      expect(server.keys[0]).toMatch(/^[0-9a-f-]{32,36}$/);
      expect(new Set(server.keys).size).toBe(1);
      expect(notifyError).not.toHaveBeenCalled();
      // the next placement is another attempt: another key
      const next = flaky([json(201, {})]);
      const api2 = createApiClient({ fetch: next.fetchMock, onSessionExpired, notifyError });
      await api2.post('/bets/singles', {}, { idempotent: fast });
      expect(next.keys[0]).not.toBe(server.keys[0]);
    });

    it('does not retry a refusal, and gives up after the last wait with the last answer', async () => {
      const refused = flaky([json(422, { msg: 'Insufficient balance' })]);
      const api = createApiClient({ fetch: refused.fetchMock, onSessionExpired, notifyError });
      await expect(api.post('/bets/multi', {}, { idempotent: fast, silent: true })).rejects.toMatchObject({
        status: 422,
      });
      expect(refused.keys).toHaveLength(1);
      const down = flaky([
        json(503, { msg: 'a' }),
        json(503, { msg: 'b' }),
        json(503, { msg: 'c' }),
        json(503, { msg: 'd' }),
      ]);
      const api2 = createApiClient({ fetch: down.fetchMock, onSessionExpired, notifyError });
      await expect(api2.post('/bets/multi', {}, { idempotent: fast, silent: true })).rejects.toThrow('d');
      expect(down.keys).toHaveLength(4);
    });

    it('a request that is not a placement sends no key and is never repeated', async () => {
      const server = flaky([json(503, { msg: 'down' })]);
      const api = createApiClient({ fetch: server.fetchMock, onSessionExpired, notifyError });
      await expect(api.post('/wallet/deposit', {}, { silent: true })).rejects.toMatchObject({ status: 503 });
      expect(server.keys).toEqual([undefined]);
    });
  });
});

describe('isTokenExpired', () => {
  it('reads the exp claim; a token without a readable exp is not known to be expired', () => {
    expect(isTokenExpired(jwt({ exp: nowS() - 1 }))).toBe(true);
    expect(isTokenExpired(jwt({ exp: nowS() + 60 }))).toBe(false);
    expect(isTokenExpired('opaque-refresh-token')).toBe(false);
  });
});
