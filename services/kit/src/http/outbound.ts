/** Why an outbound call failed, in words a log and an operator understand. */
export class OutboundError extends Error {
  override name = 'OutboundError';
  constructor(
    readonly kind: 'timeout' | 'unreachable' | 'status' | 'not_json',
    msg: string,
    readonly status?: number,
    readonly body?: unknown,
    readonly retryAfterSeconds?: number,
  ) {
    super(msg);
  }
}

export interface FetchJsonOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  headers?: Record<string, string>;
  body?: unknown;
  timeoutMs: number;
  /** names the other side in errors (never the URL: it may carry a key) */
  label: string;
}

/**
 * JSON over HTTP to an outside provider with a timeout. Every failure (transport, time-out,
 * non-2xx, unreadable body) is an OutboundError; credentials never appear in its message.
 */
export async function fetchJson<T = any>(url: string | URL, opts: FetchJsonOptions): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: opts.method ?? 'GET',
      headers: {
        accept: 'application/json',
        ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...opts.headers,
      },
      body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
      signal: AbortSignal.timeout(opts.timeoutMs),
    });
  } catch (err) {
    const timeout = (err as Error).name === 'TimeoutError';
    throw new OutboundError(
      timeout ? 'timeout' : 'unreachable',
      timeout ? `${opts.label} did not answer in time` : `${opts.label} could not be reached`,
    );
  }
  const text = await res.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = undefined;
  }
  if (!res.ok) {
    const retry = Number(res.headers.get('retry-after'));
    throw new OutboundError(
      'status',
      `${opts.label} answered HTTP ${res.status}`,
      res.status,
      body,
      Number.isFinite(retry) && retry > 0 ? retry : undefined,
    );
  }
  if (body === undefined)
    throw new OutboundError('not_json', `${opts.label} answered something that is not JSON`);
  return body as T;
}
