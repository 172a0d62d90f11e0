import { fetchJson, OutboundError } from '@bet/kit';
import { ProviderError } from './types';

/**
 * A provider's JSON API through the kit's `fetchJson` (timeout, Bearer key kept out of
 * errors). Any failure becomes a ProviderError: deposits answer 502 on those, and the
 * provider's own message is kept for the deposit's failure reason.
 */
export async function providerFetch(
  provider: string,
  url: string,
  opts: { method: 'GET' | 'POST'; secret: string; body?: unknown; timeoutMs: number },
): Promise<any> {
  try {
    return await fetchJson(url, {
      method: opts.method,
      headers: { authorization: `Bearer ${opts.secret}` },
      body: opts.body,
      timeoutMs: opts.timeoutMs,
      label: provider,
    });
  } catch (err) {
    if (!(err instanceof OutboundError)) throw err;
    if (err.kind !== 'status') throw new ProviderError(provider, err.message);
    const msg = (err.body as { message?: unknown } | undefined)?.message;
    throw new ProviderError(
      provider,
      `${provider} answered ${err.status}: ${typeof msg === 'string' ? msg : `HTTP ${err.status}`}`,
      err.status,
    );
  }
}

export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}${path}`;
}
