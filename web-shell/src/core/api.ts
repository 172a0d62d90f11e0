import { getAccessToken, getRefreshToken, isTokenExpired, setTokens } from './tokens';

export const API_BASE = '/api/v1';
export const UNEXPECTED_ERROR = 'An unexpected error occurred.';

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** Do not show the generic error toast; the caller reports the failure itself. */
  silent?: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /**
   * A placement (a request that moves money): sent with a fresh `Idempotency-Key`, and sent
   * again with the same key after a 503 or a network error (the server answers a retry as its
   * first attempt and never places twice; docs/api-conventions.md). The waits before each retry.
   */
  idempotent?: { retryDelaysMs?: number[] };
}

/** The waits before each retry of an idempotent request (then the last answer stands). */
export const IDEMPOTENT_RETRY_DELAYS_MS = [300, 1_000, 2_500];

/** A fresh key per placement attempt: a UUID (hex from getRandomValues where randomUUID is not offered, off https). */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const bytes = c.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The message for a failed request, in the spec's order: the first validation error, then the
 * response `msg`, then `message`, then the error text, then a generic sentence.
 */
export function extractErrorMessage(body: unknown, errorText?: string | null): string {
  if (body && typeof body === 'object') {
    const b = body as Record<string, unknown>;
    if (Array.isArray(b.errors)) {
      const first = b.errors.find(
        (e) => e && typeof (e as { msg?: unknown }).msg === 'string' && (e as { msg: string }).msg,
      );
      if (first) return (first as { msg: string }).msg;
    }
    if (typeof b.msg === 'string' && b.msg) return b.msg;
    if (typeof b.message === 'string' && b.message) return b.message;
    if (typeof b.error === 'string' && b.error) return b.error;
  }
  if (errorText) return errorText;
  return UNEXPECTED_ERROR;
}

export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  /** True when the session-expiry path already told the user (no second toast). */
  readonly sessionExpired: boolean;

  constructor(status: number, body: unknown, errorText?: string | null, sessionExpired = false) {
    super(extractErrorMessage(body, errorText));
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.sessionExpired = sessionExpired;
  }

  /** The response's own `msg`, if it had one. */
  get serverMsg(): string | undefined {
    const b = this.body as { msg?: unknown } | null;
    return b && typeof b === 'object' && typeof b.msg === 'string' && b.msg ? b.msg : undefined;
  }

  /** The first validation error's message, if any. */
  get firstValidationMsg(): string | undefined {
    const b = this.body as { errors?: Array<{ msg?: unknown }> } | null;
    const first = b && typeof b === 'object' && Array.isArray(b.errors) ? b.errors[0] : undefined;
    return first && typeof first.msg === 'string' && first.msg ? first.msg : undefined;
  }
}

/** Generic message for anything thrown by a request. */
export function errorMessage(err: unknown): string {
  if (err instanceof ApiError) return err.message;
  if (err instanceof Error) return extractErrorMessage(null, err.message);
  return UNEXPECTED_ERROR;
}

/** `msg` from the server, else the given fallback (the pattern most screens of the spec use). */
export function msgOr(err: unknown, fallback: string): string {
  return (err instanceof ApiError && err.serverMsg) || fallback;
}

/** First validation message, else `msg`, else the fallback. */
export function validationMsgOr(err: unknown, fallback: string): string {
  if (err instanceof ApiError) return err.firstValidationMsg || err.serverMsg || fallback;
  return fallback;
}

export function isAbortError(err: unknown): boolean {
  return err instanceof DOMException
    ? err.name === 'AbortError'
    : (err as { name?: string })?.name === 'AbortError';
}

export interface ApiClientDeps {
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Called once per failed refresh: the session is over (log out, tell the user). */
  onSessionExpired: () => void;
  /** Shows the generic error toast for non-silent requests. */
  notifyError: (message: string) => void;
}

export interface ApiClient {
  request<T = unknown>(method: string, path: string, options?: RequestOptions): Promise<T>;
  get<T = unknown>(path: string, options?: RequestOptions): Promise<T>;
  post<T = unknown>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  put<T = unknown>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  patch<T = unknown>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  delete<T = unknown>(path: string, options?: RequestOptions): Promise<T>;
  /** Gets a new access token with the stored refresh token (shared by concurrent callers). */
  refreshAccessToken(): Promise<string | null>;
}

// Requests whose 401 means "wrong credentials", never "expired session".
const NO_REFRESH_PATHS = ['/auth/login', '/auth/register', '/auth/refresh-token', '/auth/logout'];

function buildUrl(base: string, path: string, query?: Record<string, QueryValue>): string {
  let url = base + (path.startsWith('/') ? path : `/${path}`);
  if (query) {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) {
      if (v === undefined || v === null || v === '') continue;
      params.append(k, String(v));
    }
    const qs = params.toString();
    if (qs) url += (url.includes('?') ? '&' : '?') + qs;
  }
  return url;
}

async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204) return null;
  const text = await res.text();
  if (!text) return null;
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('json') || /^[[{"]/.test(text.trim())) {
    try {
      return JSON.parse(text);
    } catch {
      return null;
    }
  }
  return null;
}

export function createApiClient(deps: ApiClientDeps): ApiClient {
  const base = deps.baseUrl ?? API_BASE;
  const doFetch: typeof fetch = (...args) => (deps.fetch ?? globalThis.fetch)(...args);
  let refreshing: Promise<string | null> | null = null;

  function refreshAccessToken(): Promise<string | null> {
    if (!refreshing) {
      refreshing = (async () => {
        const refreshToken = getRefreshToken();
        let token: string | null = null;
        if (refreshToken && !isTokenExpired(refreshToken)) {
          try {
            const res = await doFetch(`${base}/auth/refresh-token`, {
              method: 'POST',
              headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
              // our web opts into rotation with reuse detection (a stolen refresh token that is
              // used after us ends the session); spec clients keep one token for the session
              body: JSON.stringify({ token: refreshToken, rotate: true }),
            });
            const data = (await readBody(res)) as { accessToken?: string; refreshToken?: string } | null;
            if (res.ok && data && typeof data.accessToken === 'string' && data.accessToken) {
              setTokens(data.accessToken, data.refreshToken ?? refreshToken);
              token = data.accessToken;
            }
          } catch {
            token = null;
          }
        }
        if (!token) deps.onSessionExpired();
        return token;
      })().finally(() => {
        refreshing = null;
      });
    }
    return refreshing;
  }

  /** One attempt: sent, and on an expired token refreshed and sent once more. Throws ApiError (status 0: no answer). */
  async function attempt(path: string, send: (token: string | null) => Promise<Response>): Promise<Response> {
    const usedToken = getAccessToken();
    let res: Response;
    try {
      res = await send(usedToken);
      if (res.status === 401 && usedToken && !NO_REFRESH_PATHS.some((p) => path.startsWith(p))) {
        // Another request may already have refreshed while this one was in flight.
        const current = getAccessToken();
        const fresh = current && current !== usedToken ? current : await refreshAccessToken();
        if (!fresh) throw new ApiError(401, await readBody(res), null, true);
        res = await send(fresh); // retried once, never again
        if (res.status === 401) {
          deps.onSessionExpired();
          throw new ApiError(401, await readBody(res), null, true);
        }
      }
    } catch (err) {
      if (err instanceof ApiError || isAbortError(err)) throw err;
      throw new ApiError(0, null, err instanceof Error ? err.message : null);
    }
    return res;
  }

  async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
    const url = buildUrl(base, path, options.query);
    const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
    // one key for every try of this placement, so the server places it at most once
    const idempotencyKey = options.idempotent ? newIdempotencyKey() : undefined;
    const send = (token: string | null) => {
      const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
      if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
      if (options.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
      if (token) headers.Authorization = `Bearer ${token}`;
      return doFetch(url, {
        method,
        headers,
        body:
          options.body === undefined
            ? undefined
            : isForm
              ? (options.body as FormData)
              : JSON.stringify(options.body),
        signal: options.signal,
      });
    };
    const fail = (err: ApiError): never => {
      if (!options.silent && !err.sessionExpired) deps.notifyError(err.message);
      throw err;
    };

    // an idempotent request is sent again, same key, after a 503 or no answer at all
    const delays = options.idempotent ? (options.idempotent.retryDelaysMs ?? IDEMPOTENT_RETRY_DELAYS_MS) : [];
    let res: Response | undefined;
    for (let i = 0; res === undefined; i++) {
      const last = i >= delays.length;
      try {
        const r = await attempt(path, send);
        if (r.status !== 503 || last) res = r;
      } catch (err) {
        if (isAbortError(err)) throw err;
        if (!(err instanceof ApiError)) throw err;
        if (last || err.status !== 0) return fail(err);
      }
      if (res === undefined) await sleep(delays[i]);
    }

    const data = await readBody(res);
    if (!res.ok) return fail(new ApiError(res.status, data));
    return data as T;
  }

  return {
    request,
    get: (path, options) => request('GET', path, options),
    post: (path, body, options) => request('POST', path, { ...options, body }),
    put: (path, body, options) => request('PUT', path, { ...options, body }),
    patch: (path, body, options) => request('PATCH', path, { ...options, body }),
    delete: (path, options) => request('DELETE', path, options),
    refreshAccessToken,
  };
}
