import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { bettingService } from '@bet/betting';
import { newId, type RunningService, startService } from '@bet/kit';
import { eventually, type TestInfrastructure, testInfrastructure } from '@bet/kit/testing';
import { walletService } from '@bet/wallet';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AppContext } from '../../services/aviator/src/context';
import { crashPointOf } from '../../services/aviator/src/domain/fairness';
import { aviatorService } from '../../services/aviator/src/index';
import { AVIATOR_TEST_ENV, api, latest, player, type Stack } from './stack';

let infra: TestInfrastructure;
let wallet: RunningService<any>;
let betting: RunningService<any>;
let b: RunningService<any>;
let child: ChildProcess | undefined;

const env = { ...AVIATOR_TEST_ENV, AVIATOR_BETTING_MS: '3000', AVIATOR_LEASE_TTL_MS: '900' };

beforeAll(async () => {
  infra = await testInfrastructure({ env: { GAMES_PROVIDER: 'none' } });
  wallet = await startService(walletService, infra);
  betting = await startService(bettingService, infra);
}, 60_000);
afterAll(async () => {
  child?.kill('SIGKILL');
  await b?.stop();
  await betting?.stop();
  await wallet?.stop();
  await infra?.close();
});

/** Replica A in its own process: killed for real, its lease left behind to expire. */
async function startChild() {
  const script = fileURLToPath(new URL('./fixtures/replica.ts', import.meta.url));
  const proc = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, ...infra.env, ...env, LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    proc.stdout!.on('data', (d) => String(d).includes('ready') && resolve());
    proc.on('exit', (code) => reject(new Error(`replica exited ${code}`)));
  });
  return proc;
}

it('runs one clock across two replicas; killing the leader mid-round forks, repeats or loses nothing', async () => {
  child = await startChild();
  b = await startService(aviatorService, infra, { env });
  const s = {
    infra,
    wallet,
    betting,
    aviator: b,
    admin: { authorization: `Bearer ${await infra.token({ id: newId(), role: 'admin' })}` },
  } as unknown as Stack;
  // the player first: a bet must be through before lift-off to fly (app/boarding.ts)
  const p = await player(s, 50);
  // A started first and holds the clock; B only takes bets
  const round = await eventually(async () => {
    const r = await latest(b);
    return r?.state === 'betting' &&
      r.betting_ends_at.getTime() - Date.now() > 2000 &&
      Number(r.crash_point) >= 130
      ? r
      : null;
  }, 120_000);
  expect((b.ctx as AppContext).clockLease.held).toBe(false);
  const placed = await api(b, 'POST', '/api/v1/aviator/place-bet', p.auth, { stake: 10 });
  expect(placed.status).toBe(201);
  const auto = await api(b, 'POST', '/api/v1/aviator/place-bet', p.auth, { stake: 10, autoCashOut: 1.2 });
  expect(auto.status).toBe(201);
  await eventually(async () => (await latest(b)).state === 'running', 10_000);

  child.kill('SIGKILL'); // mid-round, lease held
  await eventually(() => (b.ctx as AppContext).clockLease.held, 10_000);
  // B finishes the round A started, and goes on
  await eventually(async () => {
    const r = await latest(b);
    return r.idx >= round.idx + 1 ? r : null;
  }, 120_000);

  const rounds = await b.ctx.db.selectFrom('rounds').selectAll().orderBy('idx').execute();
  const chain = (b.ctx as AppContext).chain.current!;
  rounds.forEach((r: any, i: number) => {
    expect(r.idx).toBe(i + 1); // no round skipped or repeated
    expect(r.hash).toBe(chain.reader.roundHash(r.idx)); // no round forked off the chain
    expect(Number(r.crash_point)).toBe(crashPointOf(r.hash, chain.salt));
    if (i > 0) expect(r.created_at.getTime()).toBeGreaterThanOrEqual(rounds[i - 1].crashed_at.getTime());
  });
  const bets = await b.ctx.db.selectFrom('bets').selectAll().where('round_id', '=', round.id).execute();
  expect(bets).toHaveLength(2);
  const autoBet = bets.find((x: any) => x.id === auto.body.betId);
  expect(autoBet).toMatchObject({ status: 'cashed_out', cashed_out_at: '120', payout_cents: '1200' });
  // the other bet was in the air at the crash: lost, its stake gone; the wallet saw each once
  const other = bets.find((x: any) => x.id === placed.body.betId);
  expect(other?.status).toBe('lost');
  await eventually(
    async () => (await api(wallet, 'GET', '/api/v1/wallet', p.auth)).body.walletBalance === 42,
    10_000,
  );
}, 300_000);
