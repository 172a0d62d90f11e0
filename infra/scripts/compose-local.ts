/**
 * docker-compose.yml brought up from the built images on a machine without a container
 * engine (`podman run` cannot create cgroups here), as faithfully as that allows, then driven
 * through its load balancer and stopped:
 *
 *   npm run images                                   # first
 *   npm run images:compose -- --scale wallet=3 --scale gateway=2
 *
 * Taken from docker-compose.yml as written: the services, each one's environment (the
 * `x-service` anchors and `${VAR:-default}` / `${VAR:?message}` interpolation from a fresh
 * `npm run keys`), the replica counts, the start order of `depends_on` with each service's
 * compose healthcheck (`/readyz`) as the condition, the stop grace period, and
 * infra/compose/haproxy.cfg in front of the gateways. Each replica starts from its image with
 * infra/scripts/start-image.sh (the image's filesystem, user, working directory, environment
 * and command, in its own mount and PID namespaces).
 *
 * What differs, because there is no container network here:
 *   - every replica is on the host network, so each gets its own PORT and binds 127.0.0.1;
 *   - compose's service names (`wallet:4002`) become local HAProxy frontends that spread
 *     connections over that service's replicas, as Docker's DNS does;
 *   - Postgres, NATS and Redis are this machine's own (a fresh database and bus prefix per run)
 *     rather than the postgres/nats/redis images, which cannot be pulled here;
 *   - HAProxy is Debian's (2.6) rather than the haproxy:2.8-alpine image, and its gateway
 *     servers are listed instead of resolved from Docker's DNS.
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { freePort } from '@bet/kit/testing';
import pg from 'pg';
import { io } from 'socket.io-client';
import { parse } from 'yaml';
import { interpolate } from '../src/compose-env';
import { api, waitFor } from '../test/helpers';

const ROOT = resolve(import.meta.dirname, '../..');
const BACKING = ['postgres', 'nats', 'redis'];

interface ComposeService {
  image?: string;
  command?: string[];
  restart?: string;
  environment?: Record<string, string | number | boolean>;
  depends_on?: Record<string, { condition: string }> | string[];
  stop_grace_period?: string;
  profiles?: string[];
}

function seconds(duration = '10s') {
  const m = duration.match(/^(\d+(?:\.\d+)?)(ms|s|m)$/);
  if (!m) return 10;
  return Number(m[1]) / (m[2] === 'ms' ? 1000 : m[2] === 'm' ? 1 / 60 : 1);
}

interface Replica {
  service: string;
  index: number;
  port: number;
  /** where its /metrics is read: the gateway's internal listener, a service's own port */
  metricsUrl: string;
  url: string;
  child: ChildProcess;
  log: string[];
  exit: Promise<{ code: number | null; afterMs: number }>;
  stoppedAt?: number;
}

async function main() {
  const { values } = parseArgs({
    options: { scale: { type: 'string', multiple: true, default: [] } },
  });
  const scale: Record<string, number> = {};
  for (const s of values.scale) {
    const [name, n] = s.split('=');
    scale[name] = Number(n);
  }

  const compose = parse(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
    services: Record<string, ComposeService>;
  };
  const all = Object.entries(compose.services).filter(
    ([name, s]) => !BACKING.includes(name) && name !== 'lb' && !s.profiles,
  );
  // one-shots (the <service>-migrate steps) run to completion before what depends on them
  const oneShots = all.filter(([, s]) => s.restart === 'no');
  const apps = all.filter(([, s]) => s.restart !== 'no');
  const run = `compose${Date.now().toString(36)}`;

  // .env exactly as `npm run keys` writes it: nothing the documented path lacks
  const dotenv = readDotenv(
    execFileSync(process.execPath, ['--import', 'tsx', join(ROOT, 'infra/src/keys.ts')], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }),
  );

  const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await admin.connect();
  await admin.query(`create database ${run}`);

  const lbPort = await freePort();
  const statsPort = await freePort();
  // one local address per compose service name (Docker's DNS over its replicas)
  const front: Record<string, number> = {};
  for (const [name] of apps) front[name] = await freePort();

  const replicas: Replica[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'compose-local-'));
  /** every start-image.sh's folder and image: swept at the end, whatever happened */
  const started: Array<{ work: string; image: string }> = [];

  const envFor = (s: ComposeService, port: number) => {
    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries(s.environment ?? {})) env[k] = interpolate(String(v), dotenv);
    env.PORT = String(port);
    env.HOST = '127.0.0.1';
    env.DATABASE_URL = `postgres://postgres@127.0.0.1:5432/${run}`;
    env.NATS_URL = env.NATS_URL?.replace('nats://nats:', 'nats://127.0.0.1:') ?? '';
    env.REDIS_URL = env.REDIS_URL?.replace('redis://redis:', 'redis://127.0.0.1:') ?? '';
    env.BUS_PREFIX = run;
    for (const [k, v] of Object.entries(env)) {
      const m = v.match(/^http:\/\/([a-z]+):\d+$/);
      if (m && front[m[1]] && k !== 'PUBLIC_URL') env[k] = `http://127.0.0.1:${front[m[1]]}`;
    }
    return env;
  };

  const startReplica = (
    name: string,
    s: ComposeService,
    index: number,
    port: number,
    metricsPort: number,
  ) => {
    const env = envFor(s, port);
    // on the host network every gateway needs its own internal metrics listener (compose gives
    // each container its own network, where they all take 9464)
    if (env.METRICS_PORT) env.METRICS_PORT = String(metricsPort);
    const image = interpolate(s.image ?? '', dotenv);
    const work = join(dir, `${name}-${index}-${started.length}`);
    started.push({ work, image });
    const child = spawn(
      'bash',
      [
        join(ROOT, 'infra/scripts/start-image.sh'),
        image,
        ...Object.entries(env).map(([k, v]) => `${k}=${v}`),
        ...(s.command ? ['--', ...s.command] : []),
      ],
      // its own process group: a SIGKILL reaches unshare and the image's process too
      { stdio: ['ignore', 'pipe', 'pipe'], detached: true, env: { ...process.env, START_IMAGE_WORK: work } },
    );
    const log: string[] = [];
    const keep = (d: Buffer) => {
      log.push(d.toString());
      if (log.length > 400) log.shift();
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    const r: Replica = {
      service: name,
      index,
      port,
      url: `http://127.0.0.1:${port}`,
      metricsUrl: env.METRICS_PORT ? `http://127.0.0.1:${metricsPort}` : `http://127.0.0.1:${port}`,
      child,
      log,
      exit: new Promise((done) =>
        child.once('exit', (code) => done({ code, afterMs: r.stoppedAt ? Date.now() - r.stoppedAt : -1 })),
      ),
    };
    replicas.push(r);
    return r;
  };

  /**
   * compose's healthcheck of the app services: GET /readyz answers 200, from this replica (one
   * that exited is not ready, whoever answers on its port). A replica whose port was taken
   * between probing and binding starts again on another.
   */
  const healthy = async (first: Replica): Promise<void> => {
    let r = first;
    for (let attempt = 1; ; attempt++) {
      // no fixed deadline (under load a start takes minutes): as long as the replica lives,
      // up to an outer bound that only a hung start reaches
      const polling = waitFor(
        async () =>
          r.child.exitCode === null &&
          (await fetch(`${r.url}/readyz`, { signal: AbortSignal.timeout(3_000) })).ok,
        20 * 60_000,
        () => `${r.service}#${r.index} never ready:\n${r.log.join('').slice(-3000)}`,
      ).then(() => 'ready' as const);
      polling.catch(() => {});
      const outcome = await Promise.race([polling, r.exit.then(() => 'exited' as const)]);
      if (outcome === 'ready') return;
      const log = r.log.join('');
      if (attempt >= 3 || !log.includes('EADDRINUSE'))
        throw new Error(`${r.service}#${r.index} exited before it was ready:\n${log.slice(-3000)}`);
      const service = apps.find(([name]) => name === r.service)?.[1] as ComposeService;
      replicas.splice(replicas.indexOf(r), 1);
      r = startReplica(r.service, service, r.index, await freePort(), await freePort());
    }
  };

  let haproxy: ChildProcess | null = null;
  const haproxyConfig = () => {
    const gateways = replicas.filter((r) => r.service === 'gateway');
    let cfg = readFileSync(join(ROOT, 'infra/compose/haproxy.cfg'), 'utf8');
    cfg = cfg.replace(/\nresolvers docker\n(?:[ \t]+.*\n)+/, '\n');
    cfg = cfg.replace(/^(\s*)server-template .*$/m, (_, pad: string) =>
      gateways.map((g) => `${pad}server gw${g.index} 127.0.0.1:${g.port} check`).join('\n'),
    );
    cfg = cfg
      .replace(/bind :8080/, `bind 127.0.0.1:${lbPort}`)
      .replace(/bind :8404/, `bind 127.0.0.1:${statsPort}`);
    // the service names of the compose network
    for (const [name] of apps) {
      if (name === 'gateway') continue;
      const servers = replicas
        .filter((r) => r.service === name)
        .map((r) => `  server ${name}${r.index} 127.0.0.1:${r.port}`)
        .join('\n');
      cfg += `\n# "${name}" on the compose network\nlisten dns_${name}\n  mode tcp\n  bind 127.0.0.1:${front[name]}\n  balance roundrobin\n${servers}\n`;
    }
    return cfg;
  };

  const startedAt = Date.now();
  const summary: string[] = [];
  // stopped from outside (Ctrl-C, CI's timeout): the same clean-up as a normal end
  let interrupted = false;
  const onSignal = () => {
    interrupted = true;
    void stopAll().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  let stopping: Promise<Array<{ code: number | null; afterMs: number }>> | null = null;
  const stopAll = () => {
    // docker compose down: SIGTERM, then SIGKILL (to the whole group) after the grace period
    stopping ??= (async () => {
      haproxy?.kill('SIGTERM');
      for (const r of replicas) {
        r.stoppedAt = Date.now();
        r.child.kill('SIGTERM');
        const grace = seconds(compose.services[r.service]?.stop_grace_period) * 1000;
        setTimeout(() => {
          if (r.child.exitCode === null && r.child.signalCode === null) killGroup(r.child);
        }, grace).unref();
      }
      const exits = await Promise.all(replicas.map((r) => r.exit));
      // what a SIGKILL left mounted, and the image mounts start-image.sh took
      for (const { work, image } of started) {
        spawnSync('umount', ['-R', '-l', join(work, 'root')], { stdio: 'ignore' });
        spawnSync('podman', ['image', 'unmount', image], { stdio: 'ignore' });
      }
      rmSync(dir, { recursive: true, force: true });
      await admin.query(`drop database if exists ${run} with (force)`).catch(() => {});
      await admin.end().catch(() => {});
      return exits;
    })();
    return stopping;
  };
  try {
    // the one-shots first (compose: service_completed_successfully)
    for (const [name, s] of oneShots) {
      const r = startReplica(name, s, 1, await freePort(), await freePort());
      const { code } = await r.exit;
      replicas.splice(replicas.indexOf(r), 1);
      if (code !== 0) throw new Error(`${name} exited ${code}:\n${r.log.join('').slice(-3000)}`);
      summary.push(`${name}: done`);
    }
    // compose's start order: the app services once the backing ones are healthy, the gateway
    // once every app service is, the load balancer once a gateway is
    const later = apps.filter(([name]) => name === 'gateway');
    const first = apps.filter(([name]) => name !== 'gateway');
    for (const [name, s] of first)
      for (let i = 1; i <= (scale[name] ?? 1); i++)
        startReplica(name, s, i, await freePort(), await freePort());
    await Promise.all(replicas.map(healthy));
    // the service names resolve once their replicas exist
    const cfgFile = join(dir, 'haproxy.cfg');
    for (const [name, s] of later)
      for (let i = 1; i <= (scale[name] ?? 1); i++)
        startReplica(name, s, i, await freePort(), await freePort());
    writeFileSync(cfgFile, haproxyConfig());
    execFileSync('haproxy', ['-c', '-q', '-f', cfgFile], { env: { ...process.env, ...dotenv } });
    haproxy = spawn('haproxy', ['-db', '-f', cfgFile], {
      env: { ...process.env, ...dotenv },
      stdio: 'ignore',
    });
    await Promise.all(replicas.filter((r) => r.service === 'gateway').map(healthy));
    const lb = `http://127.0.0.1:${lbPort}`;
    await waitFor(
      async () => (await fetch(`${lb}/healthz`)).ok,
      30_000,
      () => 'the load balancer never answered',
    );
    summary.push(
      `up in ${((Date.now() - startedAt) / 1000).toFixed(0)} s: ${apps
        .map(([name]) => `${name}×${replicas.filter((r) => r.service === name).length}`)
        .join(', ')}, haproxy on ${lb}`,
    );

    // ── driven as a player and an admin would, through the load balancer ──
    const page = await fetch(`${lb}/`);
    const html = await page.text();
    check(page.status === 200 && html.includes('<div id="root"'), `GET / → ${page.status}, the web shell`);
    check((await fetch(`${lb}/metrics`)).status === 404, 'GET /metrics from outside → 404 (haproxy)');

    const signIn = await api(lb, 'POST', '/auth/login', {
      email: dotenv.ADMIN_EMAIL,
      password: dotenv.ADMIN_PASSWORD,
    });
    check(signIn.status === 200, `the seeded admin signs in → ${signIn.status}`);
    const adminToken = signIn.body.accessToken as string;

    const name = `p${run.slice(-8)}`;
    const reg = await api(lb, 'POST', '/auth/register', {
      username: name,
      email: `${name}@example.com`,
      password: 'Correct-Horse-42',
      firstName: 'Ada',
      lastName: 'Obi',
    });
    check(reg.status === 201, `a player registers → ${reg.status}`);
    const login = await api(lb, 'POST', '/auth/login', {
      email: `${name}@example.com`,
      password: 'Correct-Horse-42',
    });
    const token = login.body.accessToken as string;
    const playerId = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sub as string;
    await waitFor(
      async () => (await api(lb, 'GET', '/wallet', undefined, token)).status === 200,
      30_000,
      () => 'no wallet',
    );

    // the player's socket through haproxy's websocket tunnel
    const socket = io(lb, { auth: { token }, transports: ['websocket'], reconnection: false });
    const balances: number[] = [];
    socket.on('balance_updated', (b: { balance: number }) => balances.push(b.balance));
    await new Promise<void>((done, fail) => {
      socket.once('connect', () => done());
      socket.once('connect_error', fail);
    });
    const funded = await api(
      lb,
      'PATCH',
      `/admin/users/${playerId}/wallet`,
      { amount: 100, description: 'compose' },
      adminToken,
    );
    check(funded.status === 200, `the admin funds the player with $100 → ${funded.status}`);
    await waitFor(
      async () => balances.includes(100),
      20_000,
      () => `balance pushes: ${balances}`,
    );
    check(true, 'balance_updated $100 reached the player over socket.io');

    const kickOff = Date.now() + 25_000;
    const made = await api(
      lb,
      'POST',
      '/games',
      {
        homeTeam: 'Compose Rovers',
        awayTeam: 'Replica United',
        league: 'Nigeria Premier Football League',
        // kicks off soon: bets are taken before, the result only after
        matchDate: new Date(kickOff).toISOString(),
        odds: { home: 2.0, draw: 3.0, away: 4.0 },
      },
      adminToken,
    );
    check(made.status === 201, `the admin creates a game → ${made.status}`);
    const gameId = made.body.game._id as string;
    const place = () =>
      api(lb, 'POST', '/bets/singles', { stakePerBet: 2, selections: [{ gameId, outcome: 'A' }] }, token);
    await waitFor(
      async () => (await place()).status === 201,
      30_000,
      () => 'the game never reached betting',
    );
    const more = await Promise.all(Array.from({ length: 9 }, place));
    check(
      more.every((r) => r.status === 201),
      `10 singles of $2 accepted (the last nine at once) → ${more.map((r) => r.status).join(',')}`,
    );
    await new Promise((r) => setTimeout(r, Math.max(0, kickOff + 1_000 - Date.now())));
    const settled = await api(
      lb,
      'PATCH',
      `/games/${gameId}/result`,
      { result: 'A', homeScore: 2, awayScore: 0 },
      adminToken,
    );
    check(
      settled.status === 200,
      `the admin settles the game home win after kick-off → ${settled.status} ${settled.body?.msg ?? ''}`,
    );
    // 100 − 10 × 2 + 10 × 2 × 2.00
    let seen: unknown = null;
    await waitFor(
      async () => {
        const wallet = (await api(lb, 'GET', '/wallet', undefined, token)).body;
        const bets = (await api(lb, 'GET', '/bets?limit=20', undefined, token)).body?.bets ?? [];
        seen = { balance: wallet?.walletBalance, bets: bets.map((b: { status: string }) => b.status) };
        return wallet?.walletBalance === 120;
      },
      60_000,
      () => `winnings never credited: ${JSON.stringify(seen)}`,
    );
    check(true, 'every winner credited: the balance is $120.00');
    socket.disconnect();

    const aviator = await api(lb, 'GET', '/aviator/state');
    check(
      aviator.status === 200 && typeof aviator.body?.state === 'string',
      `GET /aviator/state → ${aviator.body?.state}`,
    );

    // the reconciler ran the cross-service reconciliation at its start and exports it
    for (const r of replicas.filter((x) => x.service === 'reconciler')) {
      const text = await (await fetch(`${r.metricsUrl}/metrics`)).text();
      const ran = /^reconciliation_last_run_timestamp_seconds\{service="platform"\} /m.test(text);
      const failing = [
        ...text.matchAll(/^reconciliation_violations\{service="platform",check="([^"]+)"\} ([1-9]\d*)/gm),
      ];
      check(
        ran && failing.length === 0,
        `the reconciler exports the platform reconciliation: ${ran ? `${failing.length} failing checks` : 'never ran'}`,
      );
    }

    // who did the work: bus messages handled per wallet replica, requests per gateway
    for (const service of ['wallet', 'gateway']) {
      const counts: string[] = [];
      for (const r of replicas.filter((x) => x.service === service)) {
        const text = await (await fetch(`${r.metricsUrl}/metrics`)).text();
        const sum = (re: RegExp) =>
          text
            .split('\n')
            .filter((l) => re.test(l))
            .reduce((a, l) => a + Number(l.slice(l.lastIndexOf(' ') + 1)), 0);
        counts.push(
          `#${r.index}: ${sum(/^http_requests_total\{/)} requests, ${sum(/^bus_events_handled_total\{/)} bus events`,
        );
      }
      summary.push(`${service} replicas: ${counts.join('; ')}`);
    }
  } finally {
    const exits = await stopAll();
    // interrupted: the signal handler ends the process
    if (!interrupted) {
      const unclean = replicas.filter((_, i) => exits[i].code !== 0);
      summary.push(
        `stopped with SIGTERM: ${replicas.length - unclean.length}/${replicas.length} exited 0, the slowest in ${Math.max(
          ...exits.map((e) => e.afterMs),
        )} ms`,
      );
      for (const r of unclean)
        summary.push(
          `  ${r.service}#${r.index} exit ${exits[replicas.indexOf(r)].code}: ${r.log.join('').slice(-800)}`,
        );
      for (const line of summary) console.log(`::: ${line}`);
      if (unclean.length > 0) process.exitCode = 1;
    }
  }
}

function killGroup(child: ChildProcess) {
  try {
    if (child.pid) process.kill(-child.pid, 'SIGKILL');
  } catch {}
}

/** .env as Compose reads it: NAME=value, a double-quoted value with \n escapes, # comments */
function readDotenv(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const m = line.match(/^([A-Z0-9_]+)=(.*)$/);
    if (m) env[m[1]] = m[2].startsWith('"') ? JSON.parse(m[2]) : m[2];
  }
  return env;
}

function check(ok: boolean, what: string) {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) throw new Error(`failed: ${what}`);
}

await main();
