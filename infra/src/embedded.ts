import { existsSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  baseConfig,
  createLogger,
  embeddedInfrastructure,
  loadConfig,
  loadOrCreateAuthKeys,
  PGliteHost,
  type RunningService,
  startService,
  Type,
} from '@bet/kit';
import { isLoopbackHost, type LocalAccounts, localAccounts } from './accounts';
import { demoOpeningBalance, LOCAL_DEFAULTS, webRoots } from './defaults';
import { startIdleCollector } from './idle-collector';
import { forgetStopRecord, readStopRecord, replayFrom, writeStopRecord } from './last-stop';
import { seedDemoBalance } from './seed';
import { SERVICES, upstreamEnv } from './services';

const EmbeddedConfig = Type.Object({
  PORT: Type.Integer({ default: 8080, minimum: 0, maximum: 65535 }),
  // only this machine by default: embedded mode has a development mail outbox and seeded
  // accounts; HOST=0.0.0.0 opens it to the network (with a loud warning)
  HOST: Type.String({ default: '127.0.0.1' }),
  DATA_DIR: baseConfig.DATA_DIR,
  LOG_LEVEL: Type.String({ default: 'warn' }),
  PUBLIC_URL: Type.Optional(Type.String()),
});

export interface EmbeddedPlatform {
  url: string;
  services: RunningService[];
  /** the seeded accounts' passwords (generated under DATA_DIR unless given) */
  accounts: LocalAccounts & { olderData: boolean };
  stop(): Promise<void>;
}

/**
 * The whole platform in one process: every service and the gateway, one PGlite on local
 * disk, the in-memory bus and cache. The same service code as the cluster, other infrastructure.
 */
export async function startEmbedded(
  env: Record<string, string | undefined> = process.env,
): Promise<EmbeddedPlatform> {
  const config = loadConfig(EmbeddedConfig, env);
  const dataDir = resolve(config.DATA_DIR);
  const logger = createLogger('platform', config.LOG_LEVEL);
  // how long each part of the start took (logged at info once it serves): the start is a target
  const began = performance.now();
  const phases: Record<string, number> = {};
  const phase = (name: string) => {
    phases[name] = Math.round(performance.now() - began - Object.values(phases).reduce((a, b) => a + b, 0));
  };
  const keys = await loadOrCreateAuthKeys(dataDir);
  // a data folder from before generated passwords keeps the accounts it has (see main())
  const hadData = existsSync(join(dataDir, 'pglite'));
  const lastStop = readStopRecord(dataDir);
  const host = await PGliteHost.open(join(dataDir, 'pglite'));
  phase('database');

  const accounts = { ...localAccounts(dataDir, env), olderData: hadData };
  if (!isLoopbackHost(config.HOST)) {
    logger.warn(
      { host: config.HOST },
      'embedded mode listens beyond this machine: it is a development setup (one process, a development mail outbox served to local clients only, seeded accounts); use the cluster or containers for anything others reach',
    );
    console.warn(
      `\n  WARNING: embedded mode is listening on ${config.HOST}, reachable from other machines.\n  It is meant for development on this machine; set HOST=127.0.0.1 unless you mean it.\n`,
    );
  }
  const port = config.PORT;
  const publicUrl = config.PUBLIC_URL ?? `http://localhost:${port}`;
  const serviceEnv: Record<string, string | undefined> = {
    ...LOCAL_DEFAULTS,
    SIMULATOR_SPEED: '10',
    ...env,
    ADMIN_PASSWORD: accounts.ADMIN_PASSWORD,
    DEMO_PASSWORD: accounts.DEMO_PASSWORD,
    MODE: 'embedded',
    DATA_DIR: dataDir,
    LOG_LEVEL: config.LOG_LEVEL,
    JWT_PUBLIC_KEY: keys.publicKeyPem,
    JWT_PRIVATE_KEY: keys.privateKeyPem,
    PUBLIC_URL: publicUrl,
  };
  const infra = await embeddedInfrastructure({
    host,
    publicKeyPem: keys.publicKeyPem,
    env: serviceEnv,
    logger,
  });

  const services: RunningService[] = [];
  const stopAll = async () => {
    for (const s of [...services].reverse())
      await s.stop().catch((err) => logger.error({ err, service: s.name }, 'stop failed'));
    await infra.close();
    await host.close();
  };
  try {
    for (const entry of SERVICES) {
      const mod = (await entry.load()) as Record<string, any>;
      const def = mod[entry.exportName];
      if (!def) throw new Error(`${entry.pkg} does not export ${entry.exportName}`);
      services.push(await startService(def, infra, { port: 0, host: '127.0.0.1' }));
      phase(entry.name);
    }
    // The in-memory bus forgets what was in flight when the last run stopped; replaying kept
    // outbox rows is harmless (every consumer keeps an inbox) and loses nothing. A clean stop
    // recorded how far back that has to go (last-stop.ts).
    const from = replayFrom(lastStop, Date.now());
    let replayed = 0;
    if (from) for (const s of services) replayed += await s.ctx.relay.replaySince(from);
    forgetStopRecord(dataDir);
    logger.info(
      { replayed, since: from?.toISOString() ?? null, lastStop: lastStop ? 'clean' : 'not recorded' },
      'outbox replayed onto the in-memory bus',
    );

    const upstreams = Object.fromEntries(services.map((s) => [s.name, s.url]));
    const { createGateway } = await import('@bet/gateway');
    const gatewayEnv: Record<string, string | undefined> = {
      ...serviceEnv,
      PORT: String(port),
      // one process on a developer's machine (and many at once in the tests): the internal
      // metrics listener takes a free port unless one is asked for
      METRICS_PORT: serviceEnv.METRICS_PORT ?? '0',
      ...Object.fromEntries(services.map((s) => [upstreamEnv(s.name), s.url])),
    };
    const gateway = await createGateway({
      env: gatewayEnv,
      logger,
      verifier: infra.verifier,
      bus: infra.bus,
      cache: infra.cache,
      redisUrl: null,
      upstreams,
      webRoots: webRoots(),
    });
    const address = await gateway.listen(port, config.HOST);
    phase('gateway');
    const url = `http://localhost:${new URL(address).port}`;

    // once per data folder: afterwards a start does not sign the admin in to look again
    const seededMark = join(dataDir, 'demo-balance-seeded');
    const seeded = existsSync(seededMark)
      ? ('already' as const)
      : await seedDemoBalance(url, {
          adminEmail: serviceEnv.ADMIN_EMAIL!,
          adminPassword: serviceEnv.ADMIN_PASSWORD!,
          demoUsername: serviceEnv.DEMO_USERNAME!,
          amount: demoOpeningBalance(serviceEnv),
        }).catch((err) => {
          logger.warn({ err }, 'could not seed the demo balance');
          return 'skipped' as const;
        });
    if ((seeded === 'credited' || seeded === 'already') && !existsSync(seededMark))
      writeFileSync(seededMark, `${new Date().toISOString()}\n`);
    phase('demo balance');
    logger.info({ ms: Math.round(performance.now() - began), phases }, 'platform started');

    return {
      url,
      services,
      accounts,
      async stop() {
        await gateway.close();
        await stopAll();
        writeStopRecord(dataDir, {
          stoppedAt: new Date().toISOString(),
          oldestUnhandled: infra.bus.oldestUnhandled() ?? null,
        });
      },
      ...{ seeded },
    };
  } catch (err) {
    await stopAll();
    throw err;
  }
}

async function main() {
  const { default: closeWithGrace } = await import('close-with-grace');
  const platform = await startEmbedded();
  const log = createLogger('platform', process.env.LOG_LEVEL ?? 'warn');
  const collector = startIdleCollector({
    onCollect: (freed, ms) =>
      log.debug(
        { freedMiB: Math.round(freed / 2 ** 20), ms: Math.round(ms) },
        'collected garbage while idle',
      ),
  });
  const built = existsSync(join(webRoots().shell, 'index.html'));
  const env = { ...LOCAL_DEFAULTS, ...process.env };
  const { accounts } = platform;
  // the generated passwords are shown once, at the start that made them
  const password = (value: string, given: string | undefined) =>
    given
      ? '(from the environment)'
      : accounts.generated
        ? value
        : `(printed at first start; kept in ${accounts.file})`;
  console.log(
    [
      '',
      '  Betting platform (embedded mode) is running',
      `  Open            ${platform.url}`,
      built ? '' : '  (web bundles not built: run `npm run build:web`)',
      `  Admin           ${env.ADMIN_EMAIL}  /  ${password(accounts.ADMIN_PASSWORD, process.env.ADMIN_PASSWORD)}`,
      `  Demo player     ${env.DEMO_EMAIL}  /  ${password(accounts.DEMO_PASSWORD, process.env.DEMO_PASSWORD)}`,
      accounts.generated ? `  (passwords generated for this data folder, kept in ${accounts.file})` : '',
      accounts.generated && accounts.olderData
        ? '  Note: this data folder is older than generated passwords; accounts it already had keep their old password (delete it to start over, or set ADMIN_PASSWORD / DEMO_PASSWORD for new ones).'
        : '',
      `  Dev mail outbox ${platform.url}/api/v1/dev/mail (this machine only)`,
      `  Data            ${resolve(process.env.DATA_DIR ?? './.data')}`,
      '',
    ]
      .filter((l) => l !== '')
      .join('\n'),
  );
  closeWithGrace({ delay: 10_000 }, async ({ err }) => {
    if (err) console.error(err);
    collector.stop();
    await platform.stop();
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
