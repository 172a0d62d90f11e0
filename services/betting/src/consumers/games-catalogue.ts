import { GamesCreated, GamesUpdated } from '@bet/proto-events';
import { applyGameEvent } from '../app/read-models';
import { consumer } from '../context';

/** The games read model: snapshots are upserts guarded by event time, so no inbox row per snapshot. */
export const gamesCatalogue = consumer({
  durable: 'betting-games-catalogue',
  events: [GamesCreated, GamesUpdated],
  once: false,
  async handle(ctx, event) {
    await applyGameEvent(ctx.db, event);
  },
});
