import { baseConfig, loadConfig, type Static, Type } from '@bet/kit';

const url = (port: number) => Type.String({ default: `http://127.0.0.1:${port}` });
const int = (def: number, minimum = 0) => Type.Integer({ default: def, minimum });

/**
 * The gateway's settings (documented in gateway/README.md). The kit's base settings
 * (LOG_LEVEL, NATS_URL, REDIS_URL, BUS_PREFIX, JWT_PUBLIC_KEY, ...) come along.
 */
export const gatewayConfig = {
  ...baseConfig,
  PORT: int(8080),
  HOST: Type.String({ default: '0.0.0.0' }),
  IDENTITY_URL: url(4001),
  WALLET_URL: url(4002),
  GAMES_URL: url(4003),
  BETTING_URL: url(4004),
  AVIATOR_URL: url(4005),
  AI_URL: url(4006),
  ADMIN_URL: url(4007),
  /** comma-separated origins allowed to call the API from another origin; empty = same origin only */
  CORS_ORIGINS: Type.String({ default: '' }),
  /**
   * Which proxies in front of the gateway are trusted to set X-Forwarded-For:
   * 'false' (none), 'true' (any), a hop count, or comma-separated addresses/CIDRs.
   */
  TRUST_PROXY: Type.String({ default: 'false' }),
  /**
   * The internal listener of GET /metrics (for Prometheus, never published): the public port
   * does not serve it. When the gateway itself takes a random port (0, tests), so does this.
   */
  METRICS_PORT: int(9464),
  /** scrapes per address per minute on the metrics listener */
  METRICS_RATE_LIMIT_MAX: int(60, 1),
  /** GET /openapi.json per address per minute (besides the general limit) */
  OPENAPI_RATE_LIMIT_MAX: int(30, 1),
  BODY_LIMIT: int(1024 * 1024, 1),
  /** multipart uploads (profile pictures) */
  UPLOAD_BODY_LIMIT: int(6 * 1024 * 1024, 1),
  UPSTREAM_TIMEOUT_MS: int(60_000, 1),
  RATE_LIMIT_MAX: int(600, 1),
  RATE_LIMIT_WINDOW_MS: int(60_000, 1),
  RATE_LIMIT_AUTH_MAX: int(10, 1),
  RATE_LIMIT_AUTH_WINDOW_MS: int(60_000, 1),
  RATE_LIMIT_RESET_MAX: int(5, 1),
  RATE_LIMIT_RESET_WINDOW_MS: int(15 * 60_000, 1),
  RATE_LIMIT_REFRESH_MAX: int(30, 1),
  RATE_LIMIT_REFRESH_WINDOW_MS: int(60_000, 1),
  /** events older than this are not pushed to sockets (a bridge catching up after downtime) */
  SOCKET_EVENT_MAX_AGE_MS: int(120_000, 1),
  PRESENCE_TIMEOUT_MS: int(2_000, 1),
  /** a disconnect waits this long before the user is reported offline (a page reload reconnects) */
  PRESENCE_OFFLINE_GRACE_MS: int(3_000, 0),
  /** the built web bundles; empty = the dist folder of web-shell, web-player, web-admin */
  WEB_SHELL_DIR: Type.String({ default: '' }),
  WEB_PLAYER_DIR: Type.String({ default: '' }),
  WEB_ADMIN_DIR: Type.String({ default: '' }),
};

export const GatewayConfigSchema = Type.Object(gatewayConfig);
export type GatewayConfig = Static<typeof GatewayConfigSchema>;

export function loadGatewayConfig(env: Record<string, string | undefined> = process.env): GatewayConfig {
  return loadConfig(GatewayConfigSchema, env);
}

/** TRUST_PROXY as Fastify's `trustProxy` option. */
export function trustProxyOption(value: string): boolean | number | string[] {
  const v = value.trim().toLowerCase();
  if (v === '' || v === 'false') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) return Number(v);
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

export function corsOrigins(value: string): string[] | '*' {
  const list = value
    .split(',')
    .map((s) => s.trim().replace(/\/$/, ''))
    .filter(Boolean);
  return list.includes('*') ? '*' : list;
}
