import { ProviderError } from './types';

/** JSON over HTTP to a provider, with a timeout; any non-2xx or unreadable answer is a ProviderError. */
export async function providerFetch(
  provider: string,
  url: string,
  opts: { method: 'GET' | 'POST'; secret: string; body?: unknown; timeoutMs: number },
): Promise<any> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: opts.method,
      headers: {
        authorization: `Bearer ${opts.secret}`,
        accept: 'application/json',
        ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
      signal: AbortSignal.timeout(opts.timeoutMs),
    });
  } catch (err) {
    throw new ProviderError(provider, `${provider} unreachable: ${(err as Error).message}`);
  }
  const json = await res.json().catch(() => undefined);
  if (!res.ok || json === undefined) {
    const msg = (json as { message?: string } | undefined)?.message ?? `HTTP ${res.status}`;
    throw new ProviderError(provider, `${provider} answered ${res.status}: ${msg}`, res.status);
  }
  return json;
}

export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}${path}`;
}
