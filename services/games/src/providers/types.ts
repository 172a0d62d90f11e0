import { fetchJson, OutboundError } from '@bet/kit';
import type { ProviderFixture, ProviderPrice, SourceName } from '../domain/fixtures';
import type { Prices } from '../domain/odds';

export type { ProviderEvent, ProviderFixture, ProviderPrice, SourceName } from '../domain/fixtures';

export const SOURCE_LABEL: Record<SourceName, string> = {
  apifootball: 'API-Football',
  allsportsapi: 'AllSportsAPI',
};
export const SOURCE_KEY_ENV: Record<SourceName, string> = {
  apifootball: 'API_FOOTBALL_KEY',
  allsportsapi: 'ALLSPORTS_API_KEY',
};

export type ProviderErrorKind = 'auth' | 'rate_limited' | 'unavailable' | 'bad_response';

export class ProviderError extends Error {
  override name = 'ProviderError';
  constructor(
    readonly kind: ProviderErrorKind,
    msg: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(msg);
  }
}

/**
 * GET a provider's JSON object through the kit's `fetchJson`, its failures turned into
 * ProviderErrors the sync can explain. The key never appears in an error message.
 */
export async function getJson(
  url: URL,
  opts: { headers?: Record<string, string>; timeoutMs: number; label: string },
): Promise<any> {
  let body: unknown;
  try {
    body = await fetchJson(url, opts);
  } catch (err) {
    throw err instanceof OutboundError ? providerErrorOf(err, opts.label) : err;
  }
  if (body === null || typeof body !== 'object') {
    throw new ProviderError('bad_response', `${opts.label} answered something that is not JSON`);
  }
  return body;
}

function providerErrorOf(err: OutboundError, label: string): ProviderError {
  if (err.kind !== 'status') {
    // timeouts and unreachable hosts are outages; an unreadable answer is a bad one
    return new ProviderError(err.kind === 'not_json' ? 'bad_response' : 'unavailable', err.message);
  }
  const status = err.status ?? 0;
  if (status === 429) {
    const detail = (err.body as { message?: unknown } | undefined)?.message;
    return new ProviderError(
      'rate_limited',
      `${label} rate limit reached${detail ? ` (${detail})` : ''}; try again later`,
      err.retryAfterSeconds,
    );
  }
  if (status === 401 || status === 403) {
    return new ProviderError('auth', `${label} refused the API key (HTTP ${status})`);
  }
  if (status >= 500) return new ProviderError('unavailable', `${label} is unavailable (HTTP ${status})`);
  return new ProviderError('bad_response', err.message);
}

/** One interface over every real sports-data provider. Dates are UTC days, YYYY-MM-DD. */
export interface SportsProvider {
  readonly name: SourceName;
  fixtures(days: readonly string[]): Promise<ProviderFixture[]>;
  live(): Promise<ProviderFixture[]>;
  /** fills `events` of the given fixtures when the fixture answers did not carry them */
  loadEvents(fixtures: ProviderFixture[]): Promise<void>;
  odds(days: readonly string[]): Promise<ProviderPrice[]>;
  liveOdds(): Promise<ProviderPrice[]>;
}

export interface ProviderOptions {
  baseUrl: string;
  key: string;
  timeoutMs: number;
  /** league ids to keep; empty keeps every league */
  leagues: ReadonlySet<string>;
  maxPages: number;
}

/** Decimal odds from a provider ("1.85" or 1.85) into hundredths; null when unusable. */
export function priceFrom(v: unknown): number | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v.trim()) : Number.NaN;
  if (!Number.isFinite(n) || n <= 1) return null;
  return Math.max(101, Math.round(n * 100));
}

export function pricesFrom(home: unknown, draw: unknown, away: unknown): Prices | null {
  const h = priceFrom(home);
  const d = priceFrom(draw);
  const a = priceFrom(away);
  return h && d && a ? { home: h, draw: d, away: a } : null;
}

/** "45+2" → { elapsed: 45, extra: 2 }; "67'" → { elapsed: 67, extra: null } */
export function minuteFrom(v: unknown): { elapsed: number; extra: number | null } | null {
  const m = /^\s*(\d{1,3})\s*(?:\+\s*(\d{1,2}))?\s*'?\s*$/.exec(String(v ?? ''));
  if (!m) return null;
  const elapsed = Math.min(120, Number(m[1]));
  return { elapsed: Math.max(1, elapsed), extra: m[2] ? Number(m[2]) : null };
}
