import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createTestDatabase } from '@bet/kit/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { interpolate } from '../src/compose-env';
import { REPO_ROOT } from '../src/defaults';
import { SERVICES } from '../src/services';
import { api, freePort, startProcess, waitReady } from './helpers';

// The documented first start, as a new operator follows it: `npm run keys > .env`, then
// `docker compose up` (or the Kubernetes Secret from `npm run keys -- --k8s`). The services
// get exactly the environment docker-compose.yml gives them from that .env, under
// NODE_ENV=production; only the addresses of Postgres, NATS and Redis are this machine's.

/** .env as Compose reads it: NAME=value, a double-quoted value with \n escapes, # comments */
function readDotenv(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const m = line.match(/^([A-Z0-9_]+)=(.*)$/);
    if (!m) continue;
    env[m[1]] = m[2].startsWith('"') ? JSON.parse(m[2]) : m[2];
  }
  return env;
}

const keys = (...args: string[]) => {
  const out = execFileSync(process.execPath, ['--import', 'tsx', 'infra/src/keys.ts', ...args], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return out;
};

const compose = parse(readFileSync(resolve(REPO_ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, { environment: Record<string, string> }>;
};

describe('npm run keys > .env && docker compose up', () => {
  const stops: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const stop of stops.reverse()) await stop();
  });

  it('starts the wallet and identity under NODE_ENV=production, with an admin and an explicit sandbox', async () => {
    const text = keys();
    // the sandbox is chosen out loud, never by a default
    expect(text).toMatch(/PAYMENTS: SANDBOX\. NO REAL MONEY/);
    const dotenv = readDotenv(text);
    expect(dotenv).toMatchObject({ PAYMENT_PROVIDER: 'sandbox', ALLOW_SANDBOX_PAYMENTS: 'true' });
    const db = await createTestDatabase();
    stops.push(() => db.drop());
    const prefix = `openv${Date.now().toString(36)}`;
    const envOf = (name: string) => {
      const env: Record<string, string> = {};
      for (const [k, v] of Object.entries(compose.services[name].environment))
        env[k] = interpolate(String(v), dotenv);
      expect(env.NODE_ENV).toBe('production');
      return {
        ...env,
        HOST: '127.0.0.1',
        DATABASE_URL: db.url,
        NATS_URL: 'nats://127.0.0.1:4222',
        REDIS_URL: 'redis://127.0.0.1:6379',
        BUS_PREFIX: prefix,
        DATA_DIR: `.tmp/${prefix}/${name}`,
        LOG_LEVEL: 'warn',
      };
    };
    // compose's <service>-migrate one-shots first: the replicas only check (MIGRATIONS=check)
    expect((envOf('wallet') as Record<string, string>).MIGRATIONS).toBe('check');
    execFileSync(process.execPath, ['--import', 'tsx', 'infra/src/bin/migrate.ts', 'identity', 'wallet'], {
      cwd: REPO_ROOT,
      env: { ...process.env, DATABASE_URL: db.url, LOG_LEVEL: 'warn' },
      stdio: 'ignore',
    });
    const procs = [];
    for (const name of ['identity', 'wallet']) {
      const port = await freePort();
      const main = SERVICES.find((s) => s.name === name)!.main;
      const p = startProcess(main, { ...envOf(name), PORT: String(port) });
      stops.push(() => p.stop());
      procs.push({ ...p, name, url: `http://127.0.0.1:${port}` });
    }
    await Promise.all(procs.map((p) => waitReady(p, 90_000)));
    const login = await api(procs[0].url, 'POST', '/auth/login', {
      email: dotenv.ADMIN_EMAIL,
      password: dotenv.ADMIN_PASSWORD,
    });
    expect(login.status).toBe(200);
    expect(login.body.user.role).toBe('admin');
  }, 120_000);

  it('refuses, with the reason, an .env that has not chosen a payment provider or an admin', () => {
    const dotenv = readDotenv(keys());
    delete dotenv.PAYMENT_PROVIDER;
    delete dotenv.ADMIN_EMAIL;
    expect(() => interpolate(compose.services.wallet.environment.PAYMENT_PROVIDER, dotenv)).toThrow(
      /PAYMENT_PROVIDER: choose the payment provider/,
    );
    expect(() => interpolate(compose.services.identity.environment.ADMIN_EMAIL, dotenv)).toThrow(
      /ADMIN_EMAIL: the first administrator/,
    );
  });

  it('leaves a real provider keys empty for the operator, with no sandbox allowed', () => {
    const dotenv = readDotenv(keys('--payments', 'paystack'));
    expect(dotenv).toMatchObject({ PAYMENT_PROVIDER: 'paystack', PAYSTACK_SECRET_KEY: '' });
    expect(dotenv.ALLOW_SANDBOX_PAYMENTS).toBeUndefined();
    expect(compose.services.wallet.environment.PAYSTACK_SECRET_KEY).toMatch(/^\$\{PAYSTACK_SECRET_KEY:-\}$/);
  });

  it('--k8s writes the Secret every Deployment reads, with the same choices', () => {
    const [doc] = parseAllDocuments(keys('--k8s')).map((d) => d.toJS());
    expect(doc).toMatchObject({ kind: 'Secret', metadata: { name: 'bet-platform-secrets' } });
    const data = doc.stringData as Record<string, string>;
    for (const k of ['DATABASE_URL', 'JWT_PUBLIC_KEY', 'JWT_PRIVATE_KEY', 'ADMIN_EMAIL', 'ADMIN_PASSWORD'])
      expect(data[k], k).toBeTruthy();
    expect(data).toMatchObject({ PAYMENT_PROVIDER: 'sandbox', ALLOW_SANDBOX_PAYMENTS: 'true' });
    expect(data.DATABASE_URL).not.toContain('CHANGE-ME');
  });
});
