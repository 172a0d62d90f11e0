import { ProviderError } from './types';

/**
 * GET a provider's JSON with a timeout, turning transport and HTTP failures into
 * ProviderErrors the sync can explain. The key never appears in an error message.
 */
export async function getJson(
  url: URL,
  opts: { headers?: Record<string, string>; timeoutMs: number; label: string },
): Promise<any> {
  let res: Response;
  try {
    res = await fetch(url, {
      headers: { accept: 'application/json', ...opts.headers },
      signal: AbortSignal.timeout(opts.timeoutMs),
    });
  } catch (err) {
    const timeout = (err as Error).name === 'TimeoutError';
    throw new ProviderError(
      'unavailable',
      timeout ? `${opts.label} did not answer in time` : `${opts.label} could not be reached`,
    );
  }
  const text = await res.text();
  let body: any;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = undefined;
  }
  if (res.status === 429) {
    const retry = Number(res.headers.get('retry-after'));
    throw new ProviderError(
      'rate_limited',
      `${opts.label} rate limit reached${body?.message ? ` (${body.message})` : ''}; try again later`,
      Number.isFinite(retry) && retry > 0 ? retry : undefined,
    );
  }
  if (res.status === 401 || res.status === 403) {
    throw new ProviderError('auth', `${opts.label} refused the API key (HTTP ${res.status})`);
  }
  if (res.status >= 500)
    throw new ProviderError('unavailable', `${opts.label} is unavailable (HTTP ${res.status})`);
  if (!res.ok) throw new ProviderError('bad_response', `${opts.label} answered HTTP ${res.status}`);
  if (body === undefined || body === null || typeof body !== 'object') {
    throw new ProviderError('bad_response', `${opts.label} answered something that is not JSON`);
  }
  return body;
}
