import { MARKETS } from '@bet/proto-events';
import type { MarketPrices } from './market-pricing';

// an admin's control of single markets (issue 32 item 7)

/**
 * What an admin decided about single markets of a game: markets suspended until reopened,
 * and prices pinned (hundredths, by market then outcome) until reset. 1X2's price has its own
 * adjustment (GameRecord.adjusted); 1X2 can still be suspended here.
 */
export interface MarketControl {
  suspended: string[];
  prices: Record<string, Record<string, number>>;
}

export const NO_CONTROL: MarketControl = { suspended: [], prices: {} };

export const isControlled = (c: MarketControl | null | undefined): boolean =>
  !!c && (c.suspended.length > 0 || Object.keys(c.prices).length > 0);

/** The prices with an admin's pinned ones laid over them (a pinned outcome keeps its price whatever the model says). */
export function withPinnedPrices(
  prices: MarketPrices | null,
  control: MarketControl | null | undefined,
): MarketPrices | null {
  if (!control || Object.keys(control.prices).length === 0) return prices;
  const out: MarketPrices = { ...(prices ?? {}) };
  for (const [market, pinned] of Object.entries(control.prices)) {
    const def = MARKETS.find((m) => m.key === market);
    if (!def || market === '1x2') continue;
    const book = { ...(out[market] ?? Object.fromEntries(def.outcomes.map((o) => [o, null]))) };
    for (const [o, h] of Object.entries(pinned)) if (def.outcomes.includes(o)) book[o] = h;
    out[market] = book;
  }
  return out;
}

/**
 * What is announced (and so what betting may take): pinned prices laid over the model's, and
 * every outcome of a suspended market without a price, so that a consumer that does not read
 * `suspendedMarkets` still cannot take it.
 */
export function publicMarkets(
  prices: MarketPrices | null,
  control: MarketControl | null | undefined,
): MarketPrices | null {
  const pinned = withPinnedPrices(prices, control);
  if (!pinned || !control || control.suspended.length === 0) return pinned;
  const out: MarketPrices = { ...pinned };
  for (const market of control.suspended)
    if (market !== '1x2' && out[market])
      out[market] = Object.fromEntries(Object.keys(out[market]).map((o) => [o, null]));
  return out;
}

/** Suspends (true) or reopens (false) a market; null when that changes nothing. */
export function setSuspended(
  control: MarketControl | null | undefined,
  market: string,
  suspended: boolean,
): MarketControl | null {
  const c = control ?? NO_CONTROL;
  if (c.suspended.includes(market) === suspended) return null;
  return {
    ...c,
    suspended: suspended ? [...c.suspended, market].sort() : c.suspended.filter((m) => m !== market),
  };
}

/** Pins (prices given) or unpins (null) a market's prices. */
export function setPinned(
  control: MarketControl | null | undefined,
  market: string,
  prices: Record<string, number> | null,
): MarketControl {
  const c = control ?? NO_CONTROL;
  const { [market]: _old, ...rest } = c.prices;
  return { ...c, prices: prices ? { ...rest, [market]: prices } : rest };
}
