import { type Static, type TObject, type TProperties, Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Reads the environment into a typed config: defaults applied, strings converted to the
 * schema's types, and a clear list of every bad variable if anything is wrong.
 */
export function loadConfig<T extends TObject>(
  schema: T,
  env: Record<string, string | undefined> = process.env,
): Static<T> {
  const raw: Record<string, unknown> = {};
  for (const key of Object.keys(schema.properties)) {
    const v = env[key];
    if (v !== undefined && v !== '') raw[key] = v;
    // an amount of money whose default is in dollars has its own default in a naira deployment
    else if (env.CURRENCY === 'NGN' && schema.properties[key]?.ngnDefault !== undefined)
      raw[key] = schema.properties[key].ngnDefault;
  }
  const withDefaults = Value.Default(schema, raw);
  const converted = Value.Convert(schema, withDefaults);
  const errors = [...Value.Errors(schema, converted)];
  if (errors.length > 0) {
    const lines = errors.map((e) => {
      const name = e.path.replace(/^\//, '') || '(config)';
      const given = env[name];
      return `  ${name}: ${e.message}${given !== undefined ? ` (got ${JSON.stringify(given)})` : ''}`;
    });
    throw new ConfigError(`Invalid configuration:\n${[...new Set(lines)].join('\n')}`);
  }
  return converted as Static<T>;
}

/** The settings every service reads. Each service extends this with its own. */
export const baseConfig = {
  NODE_ENV: Type.String({ default: 'development' }),
  LOG_LEVEL: Type.Union(
    ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((l) => Type.Literal(l)),
    { default: 'info' },
  ),
  /** embedded: PGlite + in-memory bus and cache; cluster: Postgres, NATS, Redis. */
  MODE: Type.Union([Type.Literal('embedded'), Type.Literal('cluster')], { default: 'cluster' }),
  HOST: Type.String({ default: '127.0.0.1' }),
  DATA_DIR: Type.String({ default: './.data' }),
  DATABASE_URL: Type.String({ default: 'postgres://postgres@127.0.0.1:5432/postgres' }),
  NATS_URL: Type.String({ default: 'nats://127.0.0.1:4222' }),
  REDIS_URL: Type.String({ default: 'redis://127.0.0.1:6379' }),
  /** Prefix of every NATS subject and stream: lets tests and tenants share one server. */
  BUS_PREFIX: Type.String({ default: 'bet', pattern: '^[A-Za-z0-9_-]+$' }),
  JWT_PUBLIC_KEY: Type.Optional(Type.String()),
  JWT_PRIVATE_KEY: Type.Optional(Type.String()),
  JWT_ISSUER: Type.String({ default: 'bet-platform' }),
  /** the verifier refuses access tokens that live longer, or were minted longer ago, than this */
  JWT_MAX_TOKEN_AGE_SECONDS: Type.Integer({ default: 48 * 3600, minimum: 60 }),
  /** where the API is reached from outside (the gateway): team logos and avatars live here */
  PUBLIC_URL: Type.String({ default: 'http://localhost:8080' }),
  /**
   * Hours a published event stays in its service's outbox table, for inspection. 0: deleted by
   * the transaction that publishes it, once JetStream has acked it (and holds it). The
   * embedded mode keeps 24 hours at least: its bus lives in memory, and it replays the last
   * minutes after a crash.
   */
  OUTBOX_KEEP_HOURS: Type.Number({ default: 0, minimum: 0 }),
  /**
   * apply: a service runs its missing migrations as it starts (development, the embedded and
   * local cluster modes). check: it only checks they ran and refuses to start otherwise; the
   * images set this, and a release's migrations run first as their own step (`migrate`).
   */
  MIGRATIONS: Type.Union([Type.Literal('apply'), Type.Literal('check')], { default: 'apply' }),
  /**
   * On SIGTERM, seconds /readyz answers 503 while requests are still served, before the
   * listener closes: a load balancer's health check (or Kubernetes' endpoints) sees the
   * replica leave before a request can find it gone.
   */
  DRAIN_SECONDS: Type.Number({ default: 0, minimum: 0, maximum: 120 }),
  /**
   * Peers whose X-Forwarded-For is believed (the gateway): `req.ip` is then the visitor's
   * address. A comma list of loopback, private, IPs or CIDRs; none.
   */
  TRUSTED_PROXIES: Type.String({
    default: 'loopback,private',
    description:
      'peers whose X-Forwarded-For is believed (comma list of loopback, private, IPs or CIDRs; none)',
  }),
  /**
   * The deployment's one currency: every balance, stake, payout and limit is an integer of its
   * minor unit, and the API's amounts are in it. USD (the spec's) or NGN (deposits in naira
   * are credited as they are, without conversion). Every service of a deployment reads the same.
   */
  CURRENCY: Type.Union([Type.Literal('USD'), Type.Literal('NGN')], { default: 'USD' }),
  /** where the web client lives, when another origin than the API: links we generate point here */
  WEB_URL: Type.Optional(Type.String({ pattern: '^https?://' })),
} satisfies TProperties;

export const BaseConfigSchema = Type.Object(baseConfig);
export type BaseConfig = Static<typeof BaseConfigSchema>;

const noTrailingSlash = (url: string) => url.replace(/\/+$/, '');

/** The web client's origin (and path) for links we hand out: WEB_URL, else PUBLIC_URL. */
export function webUrl(config: { PUBLIC_URL: string; WEB_URL?: string }): string {
  return noTrailingSlash(config.WEB_URL || config.PUBLIC_URL);
}

/** The API's public base (PUBLIC_URL) without a trailing slash. */
export function apiUrl(config: { PUBLIC_URL: string }): string {
  return noTrailingSlash(config.PUBLIC_URL);
}

/**
 * An asset address a client on another origin can load: a path we serve ("/api/v1/...")
 * becomes absolute on PUBLIC_URL; an absolute URL (a provider's logo) or null stays as it is.
 */
export function absoluteAssetUrl(base: string, value: string | null | undefined): string | null {
  if (!value) return null;
  return value.startsWith('/') && !value.startsWith('//') ? `${noTrailingSlash(base)}${value}` : value;
}
