/**
 * Issue 17, items 1-3: a client written from the spec (spec 000 §7, spec 001 §8) keeps only
 * its access token and the refresh token it got at sign-in, refreshes on every 401 with that
 * same refresh token (several requests at once, so several refreshes at once), and reconnects
 * its socket with the token it holds. Through the real gateway and socket.io, with a 2-second
 * access-token lifetime, it must stay signed in across several expiries; a refused refresh is
 * never a 401 (it would loop on it); a logout ends the socket and the REST token at once.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbedded } from '../../infra/src/embedded';

let platform: Awaited<ReturnType<typeof startEmbedded>>;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'spec-sessions-'));
  platform = await startEmbedded({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    JWT_ACCESS_TTL: '4s',
    RATE_LIMIT_MAX: '1000000',
    RATE_LIMIT_AUTH_MAX: '1000000',
    RATE_LIMIT_REFRESH_MAX: '1000000',
  });
}, 240_000);

afterAll(async () => {
  await platform?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}, 60_000);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function raw(method: string, path: string, token?: string, body?: unknown) {
  const res = await fetch(`${platform.url}/api/v1${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as any };
}

/** The spec's client: access token in "local storage", one refresh token from sign-in, never replaced. */
class SpecClient {
  accessToken = '';
  refreshToken = '';
  refreshes = 0;
  loggedOut = false;

  async register() {
    const s = Math.random().toString(36).slice(2, 8);
    const res = await raw('POST', '/auth/register', undefined, {
      username: `spec_${s}`,
      email: `spec_${s}@example.com`,
      password: 'Correct-Horse-42',
      firstName: 'Ada',
      lastName: 'Obi',
    });
    expect(res.status).toBe(201);
    this.accessToken = res.body.accessToken;
    this.refreshToken = res.body.refreshToken;
    return res.body.user._id as string;
  }

  /** spec 000 §7: on a 401, once per request, refresh with {token} and retry */
  async get(path: string) {
    const first = await raw('GET', path, this.accessToken);
    if (first.status !== 401) return first;
    this.refreshes++;
    const r = await raw('POST', '/auth/refresh-token', undefined, { token: this.refreshToken });
    if (r.status !== 200) {
      this.loggedOut = true;
      return r;
    }
    this.accessToken = r.body.accessToken; // the answer's refresh token is not stored
    return raw('GET', path, this.accessToken);
  }

  socket(): Promise<Socket> {
    return new Promise((resolve, reject) => {
      const s = io(platform.url, {
        auth: { token: this.accessToken },
        transports: ['websocket'],
        reconnection: false,
      });
      s.once('connect', () => resolve(s));
      s.once('connect_error', (e) => {
        s.close();
        reject(e);
      });
    });
  }
}

describe('a spec client stays signed in', () => {
  it('across several access-token expiries, with parallel refreshes of one refresh token, and socket reconnects', async () => {
    const c = new SpecClient();
    const id = await c.register();
    for (let round = 0; round < 3; round++) {
      // time is what is tested: the 4 s access token expires (which leaves a loaded machine time to connect)
      await sleep(4_600);
      // three requests fail together, so three refreshes of the same token run at once
      const answers = await Promise.all([c.get('/auth/me'), c.get('/wallet'), c.get('/bets')]);
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
      expect(answers[0].body._id).toBe(id);
      expect(c.loggedOut).toBe(false);
      // the socket reconnects with the token the client holds now
      const s = await c.socket();
      expect(s.connected).toBe(true);
      s.close();
    }
    expect(c.refreshes).toBeGreaterThanOrEqual(6);
  }, 60_000);

  it('keeps its socket when the token expires (asked to refresh), and a refused refresh is not a 401', async () => {
    const c = new SpecClient();
    await c.register();
    const s = await c.socket();
    const disconnects: string[] = [];
    s.on('disconnect', (reason) => disconnects.push(reason));
    // the spec's client never reconnects after a server-side disconnect: the socket stays
    const asked = await new Promise<any>((resolve) => s.once('token_expired', resolve));
    expect(asked.code).toBe('TOKEN_EXPIRED');
    expect(s.connected).toBe(true);
    expect(disconnects).toEqual([]);
    s.close();
    // an expired token at the handshake is INVALID_TOKEN (the spec client then signs in again)
    await expect(c.socket()).rejects.toMatchObject({ message: 'INVALID_TOKEN' });

    // logout ends the session: the refresh is refused with 400 invalid_grant, never 401
    const out = await raw('POST', '/auth/logout', undefined, { token: c.refreshToken });
    expect(out.status).toBe(200);
    const refused = await raw('POST', '/auth/refresh-token', undefined, { token: c.refreshToken });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'invalid_grant', msg: expect.any(String) });
  }, 30_000);

  it('loses its REST token and its socket at once when it logs out elsewhere', async () => {
    const c = new SpecClient();
    await c.register();
    // a fresh access token, then a socket with it
    const r = await raw('POST', '/auth/refresh-token', undefined, { token: c.refreshToken });
    c.accessToken = r.body.accessToken;
    const s = await c.socket();
    const dropped = new Promise<string>((resolve) => s.on('disconnect', (reason) => resolve(reason)));
    await raw('POST', '/auth/logout', undefined, { token: c.refreshToken });
    expect(await dropped).toBe('io server disconnect');
    expect((await raw('GET', '/auth/me', c.accessToken)).status).toBe(401);
  }, 30_000);
});
