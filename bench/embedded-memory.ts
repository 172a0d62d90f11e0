/**
 * Resident memory and CPU of the embedded mode (issue 14 item 5, issue 37 target 4): the whole
 * platform in one process (`npm start`'s infra/src/embedded.ts, PGlite included) at rest one
 * minute after start (CPU as a share of one core over `--window` seconds from then, from
 * /proc), under a load of public and signed-in reads, and at rest again. Figures only; the
 * targets are in bench/README.md.
 *
 *   node --import tsx bench/embedded-memory.ts [--seconds 10] [--concurrency 16] [--rest-at 60] [--window 30]
 *
 * `BENCH_CPU_PROF=<dir>` makes the platform write a V8 CPU profile of the whole run.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { freePort } from '@bet/kit/testing';
import { Pool } from 'undici';
import { EMBEDDED_NODE, prepareEmbedded } from '../infra/scripts/start';
import { processCpu } from './proc';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    concurrency: { type: 'string', default: '16' },
    'rest-at': { type: 'string', default: '60' },
    window: { type: 'string', default: '30' },
  },
});
const SECONDS = Number(values.seconds);
const CONCURRENCY = Number(values.concurrency);
const REST_AT = Number(values['rest-at']);
const WINDOW = Number(values.window);
const CPU_PROF = process.env.BENCH_CPU_PROF;

const rssMiB = (pid: number) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Math.round(Number(m[1]) / 1024) : Number.NaN;
};
/**
 * The process exactly as `npm start` runs it (its allocator settings and Node flags matter
 * here): the variables and arguments of the `node` command in package.json's start script.
 */
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const port = await freePort();
const dir = mkdtempSync(join(tmpdir(), 'embedded-memory-'));
// what `npm start` runs: the server bundle (compiled first where its sources changed)
await prepareEmbedded();
const url = `http://127.0.0.1:${port}`;

/** The platform as `npm start` runs it, on this data folder; resolves once /readyz answers. */
async function launch(profile: boolean) {
  const spawnedAt = performance.now();
  const child = spawn(
    process.execPath,
    profile && CPU_PROF
      ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF}`, ...EMBEDDED_NODE.args]
      : EMBEDDED_NODE.args,
    {
      // a load, not a rate-limit test: the gateway's per-client limit would answer most with 429
      env: {
        ...process.env,
        ...EMBEDDED_NODE.env,
        PORT: String(port),
        DATA_DIR: dir,
        LOG_LEVEL: 'warn',
        RATE_LIMIT_MAX: '1000000000',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const exited = new Promise((r) => child.once('exit', r));
  for (;;) {
    if (child.exitCode !== null) throw new Error('the embedded platform exited');
    const ok = await fetch(`${url}/readyz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    await sleep(100);
  }
  const readyIn = (performance.now() - spawnedAt) / 1000;
  return {
    child,
    spawnedAt,
    readyIn,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

const first = await launch(true);
const { child, spawnedAt } = first;
try {
  console.log(`embedded platform ready in ${first.readyIn.toFixed(1)} s (a new data folder)`);
  const pid = child.pid as number;
  // one minute after start, or 10 s after ready where starting took longer (a busy machine)
  const restFrom = Math.max(spawnedAt + REST_AT * 1000, performance.now() + 10_000);
  await sleep(restFrom - performance.now());
  const atRest = rssMiB(pid);
  const cpuFrom = processCpu(pid)?.cpu ?? Number.NaN;
  const windowFrom = performance.now();
  await sleep(WINDOW * 1000);
  const cpuShare =
    ((processCpu(pid)?.cpu ?? Number.NaN) - cpuFrom) / ((performance.now() - windowFrom) / 1000);
  const atRestEnd = rssMiB(pid);
  console.log(
    `at rest ${((restFrom - spawnedAt) / 1000).toFixed(0)} s after start: CPU ${(cpuShare * 100).toFixed(1)} % of a core over ${WINDOW} s, resident ${atRest} MiB (${atRestEnd} MiB at the window's end)`,
  );

  const pool = new Pool(url, { connections: CONCURRENCY });
  const paths = ['/api/v1/games?page=1&limit=20', '/api/v1/aviator/state', '/api/v1/games/live', '/'];
  let requests = 0;
  const statuses = new Map<number, number>();
  let peak = atRest;
  const until = performance.now() + SECONDS * 1000;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMiB(child.pid as number));
  }, 250);
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < until) {
        const res = await pool.request({ method: 'GET', path: paths[requests % paths.length] });
        await res.body.arrayBuffer();
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        requests++;
      }
    }),
  );
  clearInterval(sampler);
  const underLoad = rssMiB(child.pid as number);
  await pool.close();
  await sleep(10_000);
  const after = rssMiB(child.pid as number);
  console.log(
    `resident MiB: at rest ${atRest}, under load ${underLoad} (peak ${peak}; ${requests} reads in ${SECONDS} s, ${CONCURRENCY} in flight: ${[...statuses].map(([c, n]) => `${n}×${c}`).join(', ')}), at rest again ${after}`,
  );
  await first.stop();
  // npm start again with nothing changed: the target is serving within 5 s
  const again = await launch(false);
  console.log(`restarted with nothing changed: ready in ${again.readyIn.toFixed(1)} s`);
  await again.stop();
} finally {
  if (child.exitCode === null) await first.stop();
  rmSync(dir, { recursive: true, force: true });
}
