import { GamesOddsChanged } from '@bet/proto-events';
import { applyOddsEvent } from '../app/read-models';
import { consumer } from '../context';

/** Prices: only move forward in time, so no inbox row per odds tick. */
export const gamesOdds = consumer({
  durable: 'betting-games-odds',
  events: [GamesOddsChanged],
  once: false,
  async handle(ctx, event) {
    await applyOddsEvent(ctx.db, event);
  },
});
