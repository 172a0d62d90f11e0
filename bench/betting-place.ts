/**
 * Bets accepted per second, end to end THROUGH THE GATEWAY: HTTP → gateway (token check,
 * rate limit in Redis) → betting (validation, limits, the saga's two transactions) → NATS
 * wallet.debit → wallet (ledger transaction) → reply → bets.placed in the outbox → 201.
 * Many users (1 000 by default), each bet a single on one of 20 games; then all bets by one user. Every service runs
 * in its own process against the real Postgres, NATS and Redis of this machine; the same
 * load sent straight to the betting service is printed for comparison, then pgbench.
 *
 *   node --import tsx bench/betting-place.ts [--seconds 10] [--concurrency 32] [--users 1000] [--pgbench 10] [--warmup 10] [--mixed]
 *
 * `--mixed`: each bet picks a market of the catalogue at random (1X2 a third of the time) and an
 * outcome of it, as a board with Over/Under, BTTS, Correct Score and handicaps is bet on.
 *
 * The runs are measured after a warm-up through the gateway (`--warmup` seconds, not counted):
 * a platform that has been up for a minute has its code compiled by V8 and its pools open.
 * Where the server runs without autovacuum (this machine's CI config), the bench does
 * autovacuum's work itself (`autovacuumStandIn`).
 */
import { parseArgs } from 'node:util';
import { newId } from '@bet/kit';
import { WalletCredit } from '@bet/proto-events';
import { MARKETS } from '@bet/proto-events/markets';
import pg from 'pg';
import { Pool } from 'undici';
import {
  autovacuumStandIn,
  cpuPerBet,
  cpuSeconds,
  percentile,
  pgbench,
  residentMiB,
  startBenchStack,
} from './betting-stack';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    concurrency: { type: 'string', default: '32' },
    users: { type: 'string', default: '1000' },
    games: { type: 'string', default: '20' },
    pgbench: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '10' },
    mixed: { type: 'boolean', default: false },
  },
});
const SECONDS = Number(values.seconds);
const CONCURRENCY = Number(values.concurrency);
const USERS = Number(values.users);
const GAMES = Number(values.games);
const WARMUP = Number(values.warmup);

const stack = await startBenchStack({ services: ['wallet', 'games', 'betting'], gateway: true });
const vacuum = await autovacuumStandIn(stack.databaseUrl);
try {
  const admin = `Bearer ${await stack.token({ id: newId(), role: 'admin', username: 'bench-admin' })}`;
  const gw = new Pool(stack.urls.gateway, { connections: CONCURRENCY + 4 });
  const json = async (pool: Pool, method: 'GET' | 'POST', path: string, auth: string, body?: unknown) => {
    const res = await pool.request({
      method,
      path,
      headers: { authorization: auth, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.statusCode, body: (await res.body.json()) as any };
  };

  const gameIds: string[] = [];
  for (let i = 0; i < GAMES; i++) {
    const res = await json(gw, 'POST', '/api/v1/games', admin, {
      homeTeam: `Home ${i}`,
      awayTeam: `Away ${i}`,
      league: 'Bench League',
      matchDate: new Date(Date.now() + 3 * 3_600_000).toISOString(),
      odds: { home: 2.1, draw: 3.3, away: 3.4 },
    });
    if (res.status !== 201) throw new Error(`game: ${res.status} ${JSON.stringify(res.body)}`);
    gameIds.push(res.body.game._id);
  }
  const users = await Promise.all(
    Array.from({ length: USERS }, async () => {
      const id = newId();
      return { id, auth: `Bearer ${await stack.token({ id })}` };
    }),
  );
  for (let i = 0; i < users.length; i += 100) {
    await Promise.all(
      users.slice(i, i + 100).map((u) =>
        stack.bus.request(WalletCredit.subject, {
          idempotencyKey: `fund:${u.id}`,
          userId: u.id,
          amountCents: 100_000_000,
          type: 'win',
          reference: `fund:${u.id}`,
          description: 'bench funding',
        }),
      ),
    );
  }
  // betting learns about games from events: wait until the last one takes bets
  for (let tries = 0; ; tries++) {
    const probe = await json(gw, 'POST', '/api/v1/bets/share', users[0].auth, {
      betType: 'single',
      selections: [{ gameId: gameIds.at(-1), outcome: 'A' }],
    });
    if (probe.status === 201) break;
    if (tries > 100) throw new Error(`games never reached betting: ${JSON.stringify(probe.body)}`);
    await new Promise((r) => setTimeout(r, 100));
  }

  const run = async (origin: string, seconds: number, hot = false) => {
    const pool = new Pool(origin, { connections: CONCURRENCY });
    const latencies: number[] = [];
    const statuses = new Map<number, number>();
    const until = performance.now() + seconds * 1000;
    const outcomes = ['A', 'Draw', 'B'];
    const pick = (): { market?: string; outcome: string } => {
      if (!values.mixed || Math.random() < 1 / 3) return { outcome: outcomes[Math.floor(Math.random() * 3)] };
      const m = MARKETS[1 + Math.floor(Math.random() * (MARKETS.length - 1))];
      return { market: m.key, outcome: m.outcomes[Math.floor(Math.random() * m.outcomes.length)] };
    };
    const worker = async () => {
      while (performance.now() < until) {
        const u = hot ? users[0] : users[Math.floor(Math.random() * users.length)];
        const t0 = performance.now();
        let status = 0;
        try {
          const res = await pool.request({
            method: 'POST',
            path: '/api/v1/bets/singles',
            headers: { authorization: u.auth, 'content-type': 'application/json' },
            body: JSON.stringify({
              stakePerBet: 1,
              selections: [{ gameId: gameIds[Math.floor(Math.random() * gameIds.length)], ...pick() }],
            }),
          });
          await res.body.arrayBuffer();
          status = res.statusCode;
        } catch {
          status = -1;
        }
        latencies.push(performance.now() - t0);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    };
    const cpuBefore = cpuSeconds(stack.pids);
    const began = performance.now();
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const elapsed = (performance.now() - began) / 1000;
    const cpu = cpuPerBet(cpuBefore, cpuSeconds(stack.pids), statuses.get(201) ?? 0);
    await pool.close();
    latencies.sort((a, b) => a - b);
    return { accepted: statuses.get(201) ?? 0, statuses, elapsed, latencies, cpu };
  };
  const line = (name: string, r: Awaited<ReturnType<typeof run>>) => {
    const other = [...r.statuses]
      .filter(([s]) => s !== 201)
      .map(([s, n]) => `${n}×${s === -1 ? 'error' : s}`);
    console.log(
      `${name.padEnd(26)} ${(r.accepted / r.elapsed).toFixed(0).padStart(6)} bets/s   p50 ${percentile(r.latencies, 50).toFixed(1).padStart(6)} ms   p99 ${percentile(r.latencies, 99).toFixed(1).padStart(6)} ms   (${r.accepted} accepted in ${r.elapsed.toFixed(1)} s${other.length ? `; ${other.join(', ')}` : ''})`,
    );
    console.log(`${''.padEnd(27)}${r.cpu}`);
  };

  console.log(
    `bet placement end to end: ${USERS} users, ${GAMES} games, ${CONCURRENCY} requests in flight, $1 singles, ${SECONDS} s per run`,
  );
  console.log(
    'each service in its own process; Postgres, NATS JetStream and Redis on this machine (2 cores shared)',
  );
  console.log(`${vacuum.note}; ${WARMUP} s of warm-up through the gateway, not counted`);
  console.log(`at rest, ${residentMiB(stack.pids)}`);
  await run(stack.urls.gateway, WARMUP);
  const viaGateway = await run(stack.urls.gateway, SECONDS);
  line('through the gateway', viaGateway);
  console.log(`${''.padEnd(27)}after the load, ${residentMiB(stack.pids)}`);
  line('straight to betting', await run(stack.urls.betting, SECONDS));
  // issue 14 item 2: one user's bets (one wallet row, one betting user lock) against the spread figure
  const oneUser = await run(stack.urls.gateway, SECONDS, true);
  line('one user, through gateway', oneUser);
  console.log(
    `${''.padEnd(27)}one user = ${((100 * oneUser.accepted) / oneUser.elapsed / (viaGateway.accepted / viaGateway.elapsed)).toFixed(0)} % of the spread figure through the gateway`,
  );
  await gw.close();

  const db = new pg.Client({ connectionString: stack.databaseUrl });
  await db.connect();
  const { rows } = await db.query(
    `select (select count(*) from betting.bets where status = 'pending') as pending,
            (select count(*) from betting.placements where state = 'pending_payment') as unfinished`,
  );
  await db.end();
  console.log(
    `bets accepted in total: ${rows[0].pending}; placements left unfinished: ${rows[0].unfinished}`,
  );
  const bench = pgbench(Number(values.pgbench));
  console.log(bench);
  // the figure to compare across machines and runs: bets/s as a share of the same run's TPC-B TPS
  const tps = Number(/: (\d+) TPS/.exec(bench)?.[1]);
  console.log(
    `through the gateway = ${((100 * viaGateway.accepted) / viaGateway.elapsed / tps).toFixed(1)} % of pgbench TPS`,
  );
} finally {
  await vacuum.stop();
  await stack.stop();
}
