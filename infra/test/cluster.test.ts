import { createTestDatabase } from '@bet/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, exerciseAuth, freePort, startProcess, waitFor } from './helpers';

// The local cluster: every service and the gateway its own process, against the real
// Postgres, NATS JetStream and Redis of this machine (own database and subject prefix).
describe('local cluster mode (npm run start:cluster)', () => {
  let proc: ReturnType<typeof startProcess>;
  let base: string;
  let db: Awaited<ReturnType<typeof createTestDatabase>>;

  beforeAll(async () => {
    db = await createTestDatabase();
    const port = await freePort();
    const ports = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
    base = `http://127.0.0.1:${port}`;
    proc = startProcess('infra/src/cluster.ts', {
      PORT: String(port),
      IDENTITY_PORT: String(ports[0]),
      WALLET_PORT: String(ports[1]),
      GAMES_PORT: String(ports[2]),
      BETTING_PORT: String(ports[3]),
      DATABASE_URL: db.url,
      BUS_PREFIX: `cl${Date.now().toString(36)}`,
      DATA_DIR: `.tmp/cluster-${Date.now()}`,
      LOG_LEVEL: 'warn',
    });
    await waitFor(
      async () => proc.output().includes('is running at'),
      180_000,
      () => proc.output().slice(-4000),
    );
  }, 200_000);

  afterAll(async () => {
    await proc?.stop();
    await db?.drop();
  }, 60_000);

  it('runs each service as its own process behind the gateway', async () => {
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(200);
    const { reg, login, me, refreshed } = await exerciseAuth(base);
    expect(reg.status).toBe(201);
    expect(login.status).toBe(200);
    expect(me.status).toBe(200);
    expect(refreshed.status).toBe(200);
    const games = await api(base, 'GET', '/games?limit=5');
    expect(games.status).toBe(200);
  });
});
