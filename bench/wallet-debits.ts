/**
 * Stake debits per second through the wallet.debit NATS command, against the real
 * Postgres and NATS of this machine: spread over 1 000 users, then all on one hot user.
 * Prints throughput and p50/p99 latency, then pgbench TPS on the same server for scale.
 *
 *   node --import tsx bench/wallet-debits.ts
 *   BENCH_SECONDS=8 BENCH_CONCURRENCY=64 PGBENCH_SECONDS=10 node --import tsx bench/wallet-debits.ts
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { type EventBus, NatsBus, newId, startService } from '@bet/kit';
import { TEST_NATS_URL, TEST_PG_URL, testInfrastructure } from '@bet/kit/testing';
import { WalletCredit, WalletDebit } from '@bet/proto-events';
import pg from 'pg';
import { walletService } from '../services/wallet/src/index';
import { reconcile } from '../services/wallet/src/store/reconcile';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 64);
const PGBENCH_SECONDS = Number(process.env.PGBENCH_SECONDS ?? 10);
const USERS = 1_000;

interface Result {
  name: string;
  ok: number;
  refused: number;
  errors: number;
  seconds: number;
  latencies: number[];
}

function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function scenario(bus: EventBus, name: string, pickUser: () => string): Promise<Result> {
  const latencies: number[] = [];
  let ok = 0;
  let refused = 0;
  let errors = 0;
  const start = performance.now();
  const until = start + SECONDS * 1000;
  const worker = async () => {
    while (performance.now() < until) {
      const bet = newId();
      const t0 = performance.now();
      try {
        const reply = await bus.request<{ ok: boolean }>(
          WalletDebit.subject,
          {
            idempotencyKey: `bet:${bet}`,
            userId: pickUser(),
            amountCents: 100,
            type: 'bet',
            reference: bet,
            description: 'bench stake',
          },
          { timeoutMs: 10_000 },
        );
        if (reply.ok) ok++;
        else refused++;
      } catch {
        errors++;
      }
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return {
    name,
    ok,
    refused,
    errors,
    seconds: (performance.now() - start) / 1000,
    latencies: latencies.sort((a, b) => a - b),
  };
}

function print(r: Result) {
  const rate = r.ok / r.seconds;
  console.log(
    `${r.name.padEnd(22)} ${rate.toFixed(0).padStart(7)} debits/s   p50 ${percentile(r.latencies, 50).toFixed(1).padStart(6)} ms   p99 ${percentile(
      r.latencies,
      99,
    )
      .toFixed(1)
      .padStart(
        6,
      )} ms   (${r.ok} accepted, ${r.refused} refused, ${r.errors} errors in ${r.seconds.toFixed(1)} s)`,
  );
}

function pgbench(): string {
  const base = new URL(TEST_PG_URL);
  const name = `pgbench_${randomBytes(4).toString('hex')}`;
  const args = [
    '-h',
    base.hostname,
    '-p',
    base.port || '5432',
    '-U',
    decodeURIComponent(base.username || 'postgres'),
  ];
  const env = { ...process.env, ...(base.password ? { PGPASSWORD: decodeURIComponent(base.password) } : {}) };
  execFileSync('createdb', [...args, name], { env });
  try {
    execFileSync('pgbench', [...args, '-i', '-q', '-s', '1', name], { env, stdio: 'ignore' });
    const out = execFileSync(
      'pgbench',
      [...args, '-n', '-T', String(PGBENCH_SECONDS), '-c', '10', '-j', '2', name],
      { env },
    ).toString();
    const tps = /tps = ([\d.]+)/.exec(out)?.[1];
    const latency = /latency average = ([\d.]+) ms/.exec(out)?.[1];
    return `pgbench (TPC-B-like, 10 clients, ${PGBENCH_SECONDS} s): ${Number(tps).toFixed(0)} TPS, average latency ${latency} ms`;
  } finally {
    execFileSync('dropdb', [...args, '--if-exists', '--force', name], { env });
  }
}

async function main() {
  const infra = await testInfrastructure();
  const svc = await startService(walletService, infra);
  // the callers' own connection, as another service would have
  const callers = await NatsBus.connect({ url: TEST_NATS_URL, prefix: infra.prefix });
  try {
    const users = Array.from({ length: USERS }, () => newId());
    const hot = newId();
    // fund everyone with a win paid by the house, far more than the run can stake
    for (let i = 0; i < users.length; i += 100) {
      await Promise.all(
        [...users.slice(i, i + 100), ...(i === 0 ? [hot] : [])].map((userId) =>
          callers.request(WalletCredit.subject, {
            idempotencyKey: `fund:${userId}`,
            userId,
            amountCents: 1_000_000_000,
            type: 'win',
            reference: `fund:${userId}`,
            description: 'bench funding',
          }),
        ),
      );
    }
    console.log(
      `wallet.debit over NATS request/reply, ${CONCURRENCY} requests in flight, ${SECONDS} s each, wallet pool of 10 connections`,
    );
    const spread = await scenario(callers, `${USERS} users`, () => users[Math.floor(Math.random() * USERS)]);
    print(spread);
    const single = await scenario(callers, '1 hot user', () => hot);
    print(single);

    const t0 = performance.now();
    const report = await reconcile(svc.ctx.db as any);
    const tx = report.checks.find((c) => c.name === 'balanced-transactions')?.checked ?? 0;
    console.log(
      `reconciliation over ${tx} transactions: ${report.ok ? 'all invariants hold' : 'VIOLATIONS'} (${(performance.now() - t0).toFixed(0)} ms)`,
    );
    const c = new pg.Client({ connectionString: infra.databaseUrl });
    await c.connect();
    const { rows } = await c.query(`select balance from wallet.accounts where id = $1`, [hot]);
    await c.end();
    console.log(
      `hot user balance ${rows[0].balance} = 1000000000 - 100 × ${single.ok}: ${BigInt(rows[0].balance) === 1_000_000_000n - 100n * BigInt(single.ok)}`,
    );
  } finally {
    await callers.close();
    await svc.stop();
    await infra.close();
  }
  console.log(pgbench());
}

await main();
