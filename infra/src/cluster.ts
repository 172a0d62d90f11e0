import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { loadOrCreateAuthKeys } from '@bet/kit';
import { localAccounts } from './accounts';
import { LOCAL_DEFAULTS, REPO_ROOT } from './defaults';
import { GATEWAY_MAIN, SERVICES, upstreamEnv } from './services';

/**
 * Local cluster: each service and the gateway in its own process, against the Postgres,
 * NATS JetStream and Redis named by DATABASE_URL / NATS_URL / REDIS_URL (localhost by
 * default). Output is prefixed with the process name; Ctrl-C stops them all gracefully.
 */
export async function startCluster(env: Record<string, string | undefined> = process.env) {
  const dataDir = resolve(env.DATA_DIR ?? './.data-cluster');
  const keys =
    env.JWT_PUBLIC_KEY && env.JWT_PRIVATE_KEY
      ? { publicKeyPem: env.JWT_PUBLIC_KEY, privateKeyPem: env.JWT_PRIVATE_KEY }
      : await loadOrCreateAuthKeys(dataDir);
  const port = Number(env.PORT ?? 8080);
  const accounts = localAccounts(dataDir, env);
  const common: Record<string, string | undefined> = {
    ...LOCAL_DEFAULTS,
    ...env,
    ADMIN_PASSWORD: accounts.ADMIN_PASSWORD,
    DEMO_PASSWORD: accounts.DEMO_PASSWORD,
    MODE: 'cluster',
    DATA_DIR: dataDir,
    JWT_PUBLIC_KEY: keys.publicKeyPem,
    JWT_PRIVATE_KEY: keys.privateKeyPem,
    PUBLIC_URL: env.PUBLIC_URL ?? `http://localhost:${port}`,
  };
  const children: ChildProcess[] = [];
  const run = (name: string, main: string, extra: Record<string, string>) => {
    const child = spawn(process.execPath, ['--import', 'tsx', resolve(REPO_ROOT, main)], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...common, ...extra } as NodeJS.ProcessEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const prefix = `${name.padEnd(9)}| `;
    for (const stream of [child.stdout, child.stderr]) {
      let buf = '';
      stream?.on('data', (chunk: Buffer) => {
        buf += chunk.toString();
        const lines = buf.split('\n');
        buf = lines.pop() ?? '';
        for (const l of lines) process.stdout.write(`${prefix + l}\n`);
      });
    }
    child.on('exit', (code, signal) => process.stdout.write(`${prefix}exited (${signal ?? code})\n`));
    children.push(child);
    return child;
  };

  const upstreams: Record<string, string> = {};
  for (const s of SERVICES) {
    const svcPort = Number(env[`${s.name.toUpperCase()}_PORT`] ?? s.port);
    run(s.name, s.main, { PORT: String(svcPort), HOST: '127.0.0.1' });
    upstreams[upstreamEnv(s.name)] = `http://127.0.0.1:${svcPort}`;
  }
  await waitForAll(
    Object.values(upstreams).map((u) => `${u}/readyz`),
    120_000,
  );
  // the internal metrics listener: a free port unless one is asked for (several local clusters may run)
  run('gateway', GATEWAY_MAIN, { ...upstreams, PORT: String(port), METRICS_PORT: env.METRICS_PORT ?? '0' });
  await waitForAll([`http://127.0.0.1:${port}/healthz`], 60_000);
  return {
    url: `http://localhost:${port}`,
    accounts,
    children,
    async stop() {
      await Promise.all(
        children.map(
          (c) =>
            new Promise<void>((done) => {
              if (c.exitCode !== null) return done();
              c.once('exit', () => done());
              c.kill('SIGTERM');
              setTimeout(() => c.kill('SIGKILL'), 15_000).unref();
            }),
        ),
      );
    },
  };
}

async function waitForAll(urls: string[], timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  for (const url of urls) {
    for (;;) {
      const ok = await fetch(url).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (Date.now() > until) throw new Error(`${url} did not become ready in time`);
      await new Promise((r) => setTimeout(r, 300));
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const cluster = await startCluster();
  const { accounts } = cluster;
  console.log(
    [
      '',
      `  Betting platform (local cluster) is running at ${cluster.url}`,
      accounts.generated
        ? `  Admin ${LOCAL_DEFAULTS.ADMIN_EMAIL} / ${accounts.ADMIN_PASSWORD}, demo ${LOCAL_DEFAULTS.DEMO_EMAIL} / ${accounts.DEMO_PASSWORD} (kept in ${accounts.file})`
        : `  Seeded accounts: passwords in ${accounts.file} (or the environment)`,
      '',
    ].join('\n'),
  );
  const stop = async () => {
    await cluster.stop();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
