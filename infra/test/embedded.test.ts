import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_DEFAULTS } from '../src/defaults';
import { api, exerciseAuth, freePort, startProcess, waitFor } from './helpers';

// Starts the embedded mode exactly as `npm start` does (same entry point, no overrides but
// a free port and a scratch data folder) and talks to it only over HTTP.
describe('embedded mode (npm start)', () => {
  let proc: ReturnType<typeof startProcess>;
  let base: string;
  let dataDir: string;

  // no HOST, no passwords: the defaults of `npm start`
  const start = async (env: Record<string, string> = {}) => {
    proc = startProcess('infra/src/embedded.ts', {
      PORT: new URL(base).port,
      DATA_DIR: dataDir,
      HOST: '',
      ADMIN_PASSWORD: '',
      DEMO_PASSWORD: '',
      ...env,
    });
    await waitFor(
      async () => proc.output().includes('is running'),
      120_000,
      () => proc.output(),
    );
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'bet-embedded-'));
    base = `http://127.0.0.1:${await freePort()}`;
    await start();
  }, 150_000);

  afterAll(async () => {
    const code = await proc?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    expect(code === 0 || code === null).toBe(true);
  }, 60_000);

  const accounts = () => JSON.parse(readFileSync(join(dataDir, 'accounts.json'), 'utf8'));

  it('prints where it runs and the seeded accounts, with passwords made for this data folder', () => {
    expect(proc.output()).toContain(LOCAL_DEFAULTS.ADMIN_EMAIL);
    expect(proc.output()).toContain(LOCAL_DEFAULTS.DEMO_EMAIL);
    // issue 13, item 3: no constant admin password in the source; generated, kept 0600, printed
    const file = join(dataDir, 'accounts.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const { ADMIN_PASSWORD, DEMO_PASSWORD } = accounts();
    expect(ADMIN_PASSWORD).toMatch(/^[A-Za-z0-9_-]{4}(-[A-Za-z0-9_-]{4}){3}$/);
    expect(ADMIN_PASSWORD).not.toBe('Admin-Pitch-2026');
    expect(DEMO_PASSWORD).not.toBe(ADMIN_PASSWORD);
    expect(proc.output()).toContain(ADMIN_PASSWORD);
    expect(proc.output()).toContain(DEMO_PASSWORD);
    expect(proc.output()).not.toContain('WARNING');
  });

  it('listens on this machine only unless HOST says otherwise', async () => {
    const others = Object.values(networkInterfaces())
      .flat()
      .filter((i) => i && i.family === 'IPv4' && !i.internal)
      .map((i) => i!.address);
    for (const address of others) {
      const reached = await fetch(`http://${address}:${new URL(base).port}/healthz`).then(
        () => true,
        () => false,
      );
      expect(reached, address).toBe(false);
    }
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  });

  it('refuses the old constant admin password', async () => {
    const old = await api(base, 'POST', '/auth/login', {
      email: LOCAL_DEFAULTS.ADMIN_EMAIL,
      password: 'Admin-Pitch-2026',
    });
    expect(old.status).toBe(401);
    const ok = await api(base, 'POST', '/auth/login', {
      email: LOCAL_DEFAULTS.ADMIN_EMAIL,
      password: accounts().ADMIN_PASSWORD,
    });
    expect(ok.status).toBe(200);
  });

  it('registers, logs in, reads the session and refreshes through the gateway', async () => {
    const { suffix, reg, login, me, refreshed, reused } = await exerciseAuth(base);
    expect(reg.status).toBe(201);
    expect(reg.body.user.username).toBe(`player_${suffix}`);
    expect(login.status).toBe(200);
    expect(login.body.accessToken).toEqual(expect.any(String));
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(`player_${suffix}@example.com`);
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refreshToken).not.toBe(login.body.refreshToken);
    // a refused refresh is never a 401 (issue 17)
    expect(reused.status).toBe(400);
  });

  it('gives the demo player its opening balance once, and serves a live catalogue', async () => {
    const login = await api(base, 'POST', '/auth/login', {
      email: LOCAL_DEFAULTS.DEMO_EMAIL,
      password: accounts().DEMO_PASSWORD,
    });
    expect(login.status).toBe(200);
    const wallet = await api(base, 'GET', '/wallet', undefined, login.body.accessToken);
    expect(wallet.body.walletBalance).toBe(Number(LOCAL_DEFAULTS.DEMO_OPENING_BALANCE));
    const games = await api(base, 'GET', '/games?status=upcoming&limit=100');
    expect(games.status).toBe(200);
    expect(games.body.games.length).toBeGreaterThan(0);
  });

  it('after a clean stop, replays only what a consumer had not finished, not the last fifteen minutes', async () => {
    const startedAt = Date.now();
    expect(await proc.stop()).toBe(0);
    const record = JSON.parse(readFileSync(join(dataDir, 'last-stop.json'), 'utf8'));
    expect(Date.parse(record.stoppedAt)).toBeGreaterThanOrEqual(startedAt);
    // anything left over was recorded during this run, not fifteen minutes back
    if (record.oldestUnhandled !== null)
      expect(Date.parse(record.oldestUnhandled)).toBeGreaterThan(startedAt - 5 * 60_000);
    await start({ LOG_LEVEL: 'info' });
    const line = proc
      .output()
      .split('\n')
      .find((l) => l.includes('outbox replayed onto the in-memory bus'));
    expect(JSON.parse(line!)).toMatchObject({ lastStop: 'clean', since: record.oldestUnhandled });
    // the record served its start: a crash from now on replays the last fifteen minutes again
    expect(existsSync(join(dataDir, 'last-stop.json'))).toBe(false);
  }, 180_000);

  it('answers unknown API paths and bad bodies with JSON errors', async () => {
    const nf = await api(base, 'GET', '/nope');
    expect(nf.status).toBe(404);
    expect(nf.body.msg).toEqual(expect.any(String));
    const bad = await api(base, 'POST', '/auth/login', { email: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.length).toBeGreaterThan(0);
  });
});
