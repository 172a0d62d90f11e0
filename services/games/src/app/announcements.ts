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
