/**
 * The spec's own client, played over HTTP against the whole platform (the embedded mode behind
 * the gateway): it talks to `/api/v1` with a bearer access token, reads each answer the way the
 * spec's screens do, and on a 401 refreshes once with its stored refresh token and retries
 * (spec 001 §7). Shared by the contract suites (tests/contract/spec-*.test.ts).
 *
 * The platform runs with its web client on a second origin: `WEB_URL` and `CORS_ORIGINS` name
 * an origin other than the API's `PUBLIC_URL`, as a deployment hosting the web elsewhere would.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually, freePort } from '@bet/kit/testing';
import { startEmbedded } from '../../infra/src/embedded';

export const ADMIN = { email: 'admin@betplatform.local', password: 'Contract-Admin-2026' };
export const DEMO = { email: 'demo@betplatform.local', password: 'Contract-Demo-2026' };
/** the web client's origin (nothing needs to listen there: links and CORS only name it) */
export const WEB_ORIGIN = 'http://web.contract.test:5173';

export interface SpecPlatform {
  /** the API's origin (PUBLIC_URL), where the gateway listens */
  url: string;
  stop(): Promise<void>;
}

/** The embedded platform on a known port (so PUBLIC_URL is its real address), web on WEB_ORIGIN. */
export async function startSpecPlatform(env: Record<string, string> = {}): Promise<SpecPlatform> {
  const dataDir = await mkdtemp(join(tmpdir(), 'spec-client-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const platform = await startEmbedded({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: url,
    WEB_URL: WEB_ORIGIN,
    CORS_ORIGINS: WEB_ORIGIN,
    ADMIN_PASSWORD: ADMIN.password,
    DEMO_PASSWORD: DEMO.password,
    RATE_LIMIT_AUTH_MAX: '1000',
    RATE_LIMIT_RESET_MAX: '1000',
    RATE_LIMIT_REFRESH_MAX: '1000',
    ...env,
  });
  return {
    url,
    async stop() {
      await platform.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Answer<T = any> {
  status: number;
  /** the parsed JSON body (the text when it is not JSON) */
  data: T;
  headers: Headers;
}

/**
 * A signed-in (or visiting) spec client. It keeps what the spec's client keeps: the access token
 * for the bearer header and the refresh token for the one refresh a 401 triggers.
 */
export class SpecClient {
  accessToken: string | null = null;
  refreshToken: string | null = null;
  /** every request this client made: 'METHOD /path status' */
  readonly log: string[] = [];

  constructor(
    readonly base: string,
    /** the Origin header its requests carry (the web client's origin) */
    readonly origin: string = WEB_ORIGIN,
  ) {}

  async login(email: string, password: string) {
    const res = await this.raw('POST', '/auth/login', { email, password });
    if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${JSON.stringify(res.data)}`);
    this.accessToken = res.data.accessToken;
    this.refreshToken = res.data.refreshToken;
    return res.data.user as { _id: string; username: string; role: string };
  }

  /** One call, as the spec's client makes it: on a 401, one refresh and one retry. */
  async call<T = any>(method: string, path: string, body?: unknown): Promise<Answer<T>> {
    const first = await this.raw<T>(method, path, body);
    if (first.status !== 401 || !this.refreshToken) return first;
    const refreshed = await this.raw('POST', '/auth/refresh-token', { token: this.refreshToken });
    if (refreshed.status !== 200) return first;
    this.accessToken = refreshed.data.accessToken;
    return this.raw<T>(method, path, body);
  }

  async raw<T = any>(method: string, path: string, body?: unknown): Promise<Answer<T>> {
    const headers: Record<string, string> = { origin: this.origin };
    if (this.accessToken) headers.authorization = `Bearer ${this.accessToken}`;
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const res = await fetch(`${this.base}/api/v1${path}`, {
      method,
      headers,
      body: payload,
      redirect: 'manual',
    });
    const text = await res.text();
    let data: any = text;
    try {
      data = JSON.parse(text);
    } catch {}
    this.log.push(`${method} ${path} ${res.status}`);
    return { status: res.status, data, headers: res.headers };
  }
}

/** Polls until `check` returns a truthy value: the kit's `eventually`, with a whole platform's deadline. */
export function until<T>(check: () => Promise<T | null | undefined | false>, timeoutMs = 20_000): Promise<T> {
  return eventually(check, timeoutMs, 150);
}
