/**
 * The authorization matrix (issue 13): every method and pattern of the gateway's route table
 * × {anonymous, player, other player, admin, demoted admin, deleted user}, through the
 * embedded platform over HTTP, each cell checked against the access the table declares.
 *
 * - anonymous: 401 on user and admin routes.
 * - player: 403 on admin routes; never 401/403 on user and public routes.
 * - other player: like a player, and 404 (not 403) for the player's own bet (item 18).
 * - admin: never 401/403.
 * - demoted admin: the admin token minted before the demotion is revoked: 401 on user and
 *   admin routes at once (item 6), not 15 minutes later.
 * - deleted user: the closed account's token is revoked: 401 on user and admin routes
 *   (wallet, bets, stats, share...: item 12).
 * - never a 5xx, except the documented 503s below.
 *
 * Also: a path with a dot segment, an encoded dot or slash, or an empty segment is refused
 * with 400 for every route of the table before it is routed (item 5).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExpandedRoute, expandRouteTable, samplePath } from '../../gateway/src/routes';
import { LOCAL_DEFAULTS } from '../../infra/src/defaults';
import { startEmbedded } from '../../infra/src/embedded';

type Platform = Awaited<ReturnType<typeof startEmbedded>>;
type Persona = 'anonymous' | 'player' | 'other player' | 'admin' | 'demoted admin' | 'deleted user';
const PERSONAS: Persona[] = ['anonymous', 'player', 'other player', 'admin', 'demoted admin', 'deleted user'];

/** documented 503s of running services: OAuth without a client id, provider sync without a key */
const documented503 = (r: ExpandedRoute) =>
  (r.method === 'GET' && /\/auth\/(google|facebook)$/.test(r.url)) ||
  (r.method === 'POST' && r.url.endsWith('/admin/games/sync'));
/**
 * Public routes whose owner reads a token when one is sent ('optional'): a revoked one is
 * refused with 401 rather than acted on anonymously.
 */
const OPTIONAL_AUTH = new Set(['POST /api/v1/bets/share', 'POST /api/v1/ai/game-search']);

let platform: Platform;
let dataDir: string;
const tokens: Partial<Record<Persona, string>> = {};
let playerBetId: string;

async function call(method: string, path: string, token?: string, body?: unknown) {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  const hasBody = method !== 'GET' && method !== 'DELETE';
  if (hasBody) headers['content-type'] = 'application/json';
  const res = await fetch(platform.url + path, {
    method,
    headers,
    body: hasBody ? JSON.stringify(body ?? {}) : undefined,
    redirect: 'manual',
  });
  const text = await res.text();
  let json: any = text;
  try {
    json = JSON.parse(text);
  } catch {}
  return { status: res.status, body: json };
}

/** fetch() would resolve dot segments (also %2e) before sending: this sends the path as written */
function rawCall(method: string, path: string, token?: string) {
  const url = new URL(platform.url);
  return new Promise<{ status: number; body: any }>((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        method,
        path,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(method === 'GET' || method === 'DELETE' ? {} : { 'content-type': 'application/json' }),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => {
          let body: any = text;
          try {
            body = JSON.parse(text);
          } catch {}
          resolve({ status: res.statusCode ?? 0, body });
        });
      },
    );
    req.on('error', reject);
    req.end(method === 'GET' || method === 'DELETE' ? undefined : '{}');
  });
}

async function register(tag: string) {
  const suffix = `${tag}${Math.random().toString(36).slice(2, 8)}`;
  const res = await call('POST', '/api/v1/auth/register', undefined, {
    username: `m_${suffix}`,
    email: `m_${suffix}@example.com`,
    password: 'Correct-Horse-42',
    firstName: 'Ada',
    lastName: 'Obi',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return {
    id: res.body.user._id as string,
    email: res.body.user.email as string,
    accessToken: res.body.accessToken as string,
  };
}

const routes = expandRouteTable();

/** The player's bet where the pattern names a bet; an id nobody has elsewhere. */
function pathFor(r: ExpandedRoute): string {
  if (/^\/api\/v1\/bets\/:id(\/cash-out)?$/.test(r.url)) return samplePath(r.url, playerBetId);
  return samplePath(r.url);
}

function expected(r: ExpandedRoute, p: Persona): 'refused-401' | 'refused-403' | 'not-found' | 'allowed' {
  const key = `${r.method} ${r.url}`;
  const revoked = p === 'demoted admin' || p === 'deleted user';
  if (r.auth === 'public') return revoked && OPTIONAL_AUTH.has(key) ? 'refused-401' : 'allowed';
  if (p === 'anonymous' || revoked) return 'refused-401';
  if (r.auth === 'admin' && p !== 'admin') return 'refused-403';
  if (p === 'other player' && /^\/api\/v1\/bets\/:id(\/cash-out)?$/.test(r.url)) return 'not-found';
  return 'allowed';
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'authz-matrix-'));
  platform = await startEmbedded({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MAX: '1000000',
    RATE_LIMIT_AUTH_MAX: '1000000',
    RATE_LIMIT_RESET_MAX: '1000000',
    RATE_LIMIT_REFRESH_MAX: '1000000',
    SIMULATOR_SPEED: '1',
  });
  const adminLogin = await call('POST', '/api/v1/auth/login', undefined, {
    email: LOCAL_DEFAULTS.ADMIN_EMAIL,
    password: platform.accounts.ADMIN_PASSWORD,
  });
  expect(adminLogin.status).toBe(200);
  const admin = adminLogin.body.accessToken as string;
  tokens.admin = admin;

  // the player, with money and one bet
  const player = await register('p');
  tokens.player = player.accessToken;
  expect(
    (
      await call('PATCH', `/api/v1/admin/users/${player.id}/wallet`, admin, {
        amount: 20,
        description: 'matrix',
      })
    ).status,
  ).toBe(200);
  const games = (await call('GET', '/api/v1/games?status=upcoming&limit=20')).body.games as any[];
  expect(games.length).toBeGreaterThan(0);
  const bet = await call('POST', '/api/v1/bets/singles', player.accessToken, {
    stakePerBet: 1,
    selections: [{ gameId: games[0]._id, outcome: 'A' }],
  });
  expect(bet.status, JSON.stringify(bet.body)).toBe(201);
  playerBetId = bet.body.bets?.[0]?._id ?? bet.body._id;
  expect(playerBetId).toMatch(/^[0-9a-f]{24}$/);

  tokens['other player'] = (await register('o')).accessToken;

  // an admin, signed in as admin, then demoted: the token from before is what is tried
  const demoted = await register('d');
  expect(
    (await call('PATCH', `/api/v1/admin/users/${demoted.id}/role`, admin, { role: 'admin' })).status,
  ).toBe(200);
  const asAdmin = await call('POST', '/api/v1/auth/login', undefined, {
    email: demoted.email,
    password: 'Correct-Horse-42',
  });
  expect((await call('GET', '/api/v1/admin/users', asAdmin.body.accessToken)).status).toBe(200);
  expect(
    (await call('PATCH', `/api/v1/admin/users/${demoted.id}/role`, admin, { role: 'user' })).status,
  ).toBe(200);
  tokens['demoted admin'] = asAdmin.body.accessToken;

  // a player whose account an admin closed: the token from before is what is tried
  const deleted = await register('x');
  expect((await call('DELETE', `/api/v1/admin/users/${deleted.id}`, admin)).status).toBe(200);
  tokens['deleted user'] = deleted.accessToken;
}, 240_000);

afterAll(async () => {
  await platform?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}, 60_000);

describe('the authorization matrix', () => {
  it('answers every route × persona as the route table says', async () => {
    const problems: string[] = [];
    let cells = 0;
    for (const r of routes) {
      const path = pathFor(r);
      for (const p of PERSONAS) {
        cells++;
        const res = await call(r.method, path, p === 'anonymous' ? undefined : tokens[p]);
        const want = expected(r, p);
        const cell = `${r.method} ${path} as ${p} (${r.auth}, ${r.service}) → ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`;
        if (res.status === 503 && documented503(r) && want === 'allowed') continue;
        if (res.status >= 500) problems.push(`5xx: ${cell}`);
        else if (want === 'refused-401' && res.status !== 401) problems.push(`want 401: ${cell}`);
        else if (want === 'refused-403' && res.status !== 403) problems.push(`want 403: ${cell}`);
        else if (want === 'not-found' && res.status !== 404) problems.push(`want 404: ${cell}`);
        else if (want === 'allowed' && (res.status === 401 || res.status === 403))
          problems.push(`want access: ${cell}`);
        if (res.status >= 400 && typeof res.body?.msg !== 'string' && !/^text\/html/.test(String(res.body)))
          if (typeof res.body !== 'string') problems.push(`no msg: ${cell}`);
      }
    }
    console.log(
      `authorization matrix: ${routes.length} routes × ${PERSONAS.length} personas = ${cells} cells`,
    );
    expect(problems).toEqual([]);
  }, 300_000);

  it('answers hostile path values (inherited keys, a 5,000-character id) by the table, with {msg}, never a 5xx', async () => {
    const problems: string[] = [];
    const hostile = ['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf', 'a'.repeat(5000)];
    for (const r of routes.filter((r) => /:[A-Za-z]/.test(r.url))) {
      for (const value of hostile) {
        const path = samplePath(r.url, value);
        for (const p of ['anonymous', 'player'] as const) {
          const res = await call(r.method, path, p === 'anonymous' ? undefined : tokens[p]);
          const want = expected(r, p);
          const cell = `${r.method} ${path.slice(0, 80)} as ${p} → ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`;
          if (res.status === 503 && documented503(r)) continue;
          // a 5,000-character segment is refused by the router (414, or a 404 where no route
          // matches it) before any token is read: refused either way, which is what counts
          const tooLong = value.length > 100;
          if (res.status >= 500) problems.push(`5xx: ${cell}`);
          else if (tooLong && want !== 'allowed' && res.status < 400) problems.push(`not refused: ${cell}`);
          else if (!tooLong && want === 'refused-401' && res.status !== 401)
            problems.push(`want 401: ${cell}`);
          else if (!tooLong && want === 'refused-403' && res.status !== 403)
            problems.push(`want 403: ${cell}`);
          else if (res.status < 400 && !/^(GET|DELETE)$/.test(r.method)) problems.push(`accepted: ${cell}`);
          if (res.status >= 400 && typeof res.body?.msg !== 'string' && !/^\s*</.test(String(res.body)))
            problems.push(`no msg: ${cell}`);
        }
      }
    }
    expect(problems).toEqual([]);
  }, 300_000);

  it('refuses dot segments, encoded dots and slashes and empty segments on every route, before routing', async () => {
    const problems: string[] = [];
    for (const r of routes) {
      const path = samplePath(r.url);
      const cut = path.indexOf('/', '/api/v1/'.length);
      const head = cut > 0 ? path.slice(0, cut) : path;
      const tail = cut > 0 ? path.slice(cut) : '';
      for (const bad of [
        `${head}/.${tail}`,
        `${head}/%2e${tail}`,
        `${head}/x/..${tail}`,
        `${head}/${tail}`,
        `${head}%2F${tail.slice(1)}`,
      ]) {
        const res = await rawCall(r.method, bad, tokens.player);
        if (res.status !== 400 || !/^Invalid path/.test(res.body?.msg ?? ''))
          problems.push(`${r.method} ${bad} → ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`);
      }
    }
    expect(problems).toEqual([]);
  }, 300_000);
});
