import { recordEvents, type Static } from '@bet/kit';
import {
  type EventDefinition,
  GamesCancelled,
  GamesCreated,
  GamesOddsChanged,
  GamesResultCorrected,
  GamesSettled,
  GamesUpdated,
} from '@bet/proto-events';
import { type GameRecord, suspendedUntilOf, toDecimalOdds } from '../domain/game';
import type { MarketPrices } from '../domain/market-pricing';
import type { DB } from '../store/db';

/** A catalogue event a change owes, written to the outbox in the transaction of the change. */
export interface Announcement {
  def: EventDefinition;
  data: unknown;
}

export const announce = <E extends EventDefinition>(def: E, data: Static<E['schema']>): Announcement => ({
  def,
  data,
});

/**
 * The order in which a game's announcements of one change are made (created or updated,
 * then its price, then how it ended). Readers only rely on the order per game, so a batch
 * (the simulator writes hundreds per tick) goes out as one insert per kind in this order.
 */
const KINDS: EventDefinition[] = [
  GamesCreated,
  GamesUpdated,
  GamesOddsChanged,
  GamesCancelled,
  GamesSettled,
  GamesResultCorrected,
];

/** Writes the announcements with the kit's `recordEvents` (each checked against its schema). */
export async function recordAnnouncements(trx: DB, list: readonly Announcement[]) {
  const kinds = [...KINDS, ...new Set(list.map((a) => a.def).filter((d) => !KINDS.includes(d)))];
  for (const def of kinds) {
    const items = list
      .filter((a) => a.def === def)
      .map((a) => ({ data: a.data as Static<typeof def.schema> }));
    if (items.length > 0) await recordEvents(trx, def, items);
  }
}

/**
 * games.odds_changed for a game's public prices: in play with the running suspension (a goal,
 * a red card, a penalty), and always naming the markets an admin suspended, since betting
 * reads each announcement as the whole truth (none named: none suspended).
 */
export function oddsChanged(
  g: GameRecord,
  markets: MarketPrices | null,
  now: number = Date.now(),
): Announcement {
  const until = suspendedUntilOf(g);
  const suspended = g.marketControl?.suspended ?? [];
  return announce(GamesOddsChanged, {
    gameId: g.id,
    odds: toDecimalOdds(g.odds),
    live: g.status === 'live',
    markets,
    ...(g.status === 'live' && until !== undefined && until > now
      ? { suspendedUntil: new Date(until).toISOString() }
      : {}),
    ...(suspended.length > 0 ? { suspendedMarkets: [...suspended] } : {}),
  });
}
