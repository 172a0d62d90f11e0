import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateAuthKeys, newId, TokenSigner } from '@bet/kit';
import { createTestDatabase } from '@bet/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/defaults';
import { SERVICES } from '../src/services';
import { api, fundedPlayers, type Proc, processGroup, waitFor, waitReady } from './helpers';

// Issue 36: every process of the cluster restarted one at a time (SIGTERM: readiness fails,
// DRAIN_SECONDS, close; its successor on the same port) under steady betting through the
// gateway. Each placement is one Idempotency-Key, sent again after a 503 or no answer, as the
// web client does: no placement may fail, none may be placed twice. One replica of each here,
// so a restart is a gap the retries cross; the retries are counted and printed.
const STAKE = 1;
const FUNDED = 1_000;
const PLAYERS = 4;

describe('rolling restart: every process, one at a time, under steady betting (cluster mode)', () => {
  const { procs, start, one } = processGroup();
  const retired: Proc[] = [];
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let admin: string;
  const dir = mkdtempSync(join(tmpdir(), 'rolling-'));

  /** SIGTERM (the process drains and closes), then its successor on the same port */
  const restart = async (name: string) => {
    const old = one(name);
    await old.stop();
    procs.splice(procs.indexOf(old), 1);
    retired.push(old);
    await waitReady(await start(name, old.main, old.env, Number(new URL(old.url).port)));
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    const keys = await generateAuthKeys();
    const signer = await TokenSigner.create(keys.privateKeyPem, 'bet-platform');
    admin = `Bearer ${await signer.signAccess({ id: newId(), role: 'admin', username: 'rolling-admin' })}`;
    const common = {
      MODE: 'cluster',
      DATABASE_URL: db.url,
      BUS_PREFIX: `rr${Date.now().toString(36)}`,
      JWT_PUBLIC_KEY: keys.publicKeyPem,
      JWT_PRIVATE_KEY: keys.privateKeyPem,
      LOG_LEVEL: 'warn',
      DATA_DIR: join(dir, 'data'),
      GAMES_PROVIDER: 'none',
      // readiness fails first, requests in flight finish, then the process closes
      DRAIN_SECONDS: '1',
    };
    const upstreams: Record<string, string> = {};
    for (const s of SERVICES.filter((s) => ['identity', 'wallet', 'games', 'betting'].includes(s.name))) {
      const p = await start(s.name, s.main, common);
      upstreams[`${s.name.toUpperCase()}_URL`] = p.url;
    }
    await Promise.all(procs.map((p) => waitReady(p)));
    await waitReady(
      await start('gateway', 'gateway/src/main.ts', { ...common, ...upstreams, TRUST_PROXY: 'true' }),
    );
  }, 240_000);

  afterAll(async () => {
    const logs = join(REPO_ROOT, 'test-results', 'rolling-restart');
    mkdirSync(logs, { recursive: true });
    for (const p of [...procs, ...retired])
      writeFileSync(join(logs, `${p.name}-${p.child.pid}.log`), p.output());
    await Promise.all(procs.map((p) => p.stop()));
    await db?.drop();
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  const call = (method: string, path: string, body?: unknown, token?: string, client = '198.51.100.1') =>
    api(one('gateway').url, method, path, body, token, { forwardedFor: client, timeoutMs: 15_000 });

  /** One placement as the web client makes it: one key, sent again after a 503 or no answer. */
  let retries = 0;
  const place = async (token: string, client: string, body: unknown) => {
    const key = randomUUID();
    const until = Date.now() + 60_000;
    for (;;) {
      const r = await fetch(`${one('gateway').url}/api/v1/bets/singles`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: token,
          'x-forwarded-for': client,
          'idempotency-key': key,
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      })
        .then(async (res) => ({ status: res.status, body: (await res.json().catch(() => null)) as any }))
        .catch(() => ({ status: 0, body: null }));
      if ((r.status !== 0 && r.status !== 503) || Date.now() > until) return r;
      retries++;
      // a client's pause before it retries (the web's own waits are 0.3 to 2.5 s)
      await new Promise((res) => setTimeout(res, 250));
    }
  };

  it('answers every placement: 0 failed, none placed twice', async () => {
    const players = await fundedPlayers(call, admin, { count: PLAYERS, amount: FUNDED, prefix: 'r' });
    const games: string[] = [];
    for (let n = 0; n < 3; n++) {
      const r = await call(
        'POST',
        '/games',
        {
          homeTeam: `Rolling ${n} Rovers`,
          awayTeam: `Rolling ${n} United`,
          league: 'Nigeria Premier Football League',
          matchDate: new Date(Date.now() + 3_600_000).toISOString(),
          odds: { home: 2.0, draw: 3.0, away: 4.0 },
        },
        admin,
      );
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      games.push(r.body.game._id);
    }
    const body = (i: number) => ({
      stakePerBet: STAKE,
      selections: [{ gameId: games[i % games.length], outcome: ['A', 'Draw', 'B'][i % 3] }],
    });
    // the games reach betting's read model
    await waitFor(
      async () => (await place(players[0].token, players[0].client, body(2))).status === 201,
      20_000,
      () => 'games never open',
    );

    const answers = new Map<string, number>();
    const placedBy = new Map<string, number>([[players[0].id, 1]]);
    const failed: string[] = [];
    let going = true;
    const load = (async () => {
      for (let i = 0; going; i++) {
        const p = players[i % players.length];
        const r = await place(p.token, p.client, body(i));
        answers.set(String(r.status), (answers.get(String(r.status)) ?? 0) + 1);
        if (r.status === 201) placedBy.set(p.id, (placedBy.get(p.id) ?? 0) + 1);
        else failed.push(`${r.status} ${JSON.stringify(r.body)}`);
        // time is the scenario: a steady stream of bets while processes restart
        await new Promise((res) => setTimeout(res, 150));
      }
    })();
    const events: string[] = [];
    try {
      for (const name of ['identity', 'wallet', 'games', 'betting', 'gateway']) {
        // time is the scenario: betting goes on a moment before each restart
        await new Promise((res) => setTimeout(res, 2_000));
        const t0 = Date.now();
        await restart(name);
        events.push(`${name} ${((Date.now() - t0) / 1000).toFixed(1)} s`);
      }
      // time is the scenario: betting goes on a moment after the last restart
      await new Promise((res) => setTimeout(res, 2_000));
    } finally {
      going = false;
      await load;
    }

    // none placed twice: each player's statement holds exactly the placements answered 201
    let statement = 0;
    for (const p of players) {
      const bets = (await call('GET', '/bets?limit=100', undefined, p.token, p.client)).body.bets as any[];
      statement += bets.length;
      expect(bets.length, `player ${p.id}`).toBe(placedBy.get(p.id) ?? 0);
      const wallet = (await call('GET', '/wallet', undefined, p.token, p.client)).body;
      expect(wallet.walletBalance).toBe(FUNDED - STAKE * bets.length);
    }
    console.log(
      `rolling restart: ${[...answers].map(([s, n]) => `${n}×${s}`).join(', ')}; ${retries} retries with the same key; ${failed.length} failed; ${statement} bets on the statements; restarts ${events.join(', ')}`,
    );
    expect(failed).toEqual([]);
  }, 360_000);
});
