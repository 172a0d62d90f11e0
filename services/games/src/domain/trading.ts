import type { GameRecord } from './game';
import { isControlled } from './market-control';
import type { Prices } from './odds';

/**
 * Live trading's rule for an admin's pinned prices (decision games-007): a pin is a trader's
 * view of the match as it stood; a goal or a red card makes it stale. So the jolt clears every
 * pin of the game (the 1X2 adjustment and each market's pinned prices), the game is suspended
 * like any other (betting-008), and it reopens at the model's (or the feed's) prices. An
 * admin's suspension of a market is kept: it never offers a price, so it cannot go stale.
 */

/** What a goal or a red card took away: the pinned 1X2 price and the pinned market prices (hundredths). */
export interface ClearedPins {
  adjusted: Prices | null;
  markets: Record<string, Record<string, number>>;
}

/** The service itself, when live trading clears an admin's pins (the audit's actor). */
export const LIVE_TRADING_ACTOR = { id: 'live-trading', username: 'Live trading' } as const;

export function hasPins(g: Pick<GameRecord, 'adjusted' | 'marketControl'>): boolean {
  return g.adjusted !== null || Object.keys(g.marketControl?.prices ?? {}).length > 0;
}

/**
 * The game without its admin's pins: the public 1X2 price returns to `base` (what the model or
 * the feed says now), pinned market prices are dropped and suspended markets stay suspended.
 * `cleared` is null when there was nothing to clear.
 */
export function clearPins(g: GameRecord): { after: GameRecord; cleared: ClearedPins | null } {
  if (!hasPins(g)) return { after: g, cleared: null };
  const control = g.marketControl ? { ...g.marketControl, prices: {} } : null;
  return {
    after: {
      ...g,
      adjusted: null,
      odds: g.base,
      marketControl: isControlled(control) ? control : null,
    },
    cleared: { adjusted: g.adjusted, markets: { ...(g.marketControl?.prices ?? {}) } },
  };
}

/** The audit's before/after of a clearing, in decimal odds as the admin's own actions are. */
export function clearedPinsAudit(c: ClearedPins, reason: string) {
  const dec = (b: Record<string, number>) =>
    Object.fromEntries(Object.entries(b).map(([o, h]) => [o, h / 100]));
  return {
    before: {
      adjusted: c.adjusted
        ? { home: c.adjusted.home / 100, draw: c.adjusted.draw / 100, away: c.adjusted.away / 100 }
        : null,
      pinned: Object.fromEntries(Object.entries(c.markets).map(([m, b]) => [m, dec(b)])),
    },
    after: { adjusted: null, pinned: {}, reason },
  };
}
