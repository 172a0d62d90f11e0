import { BetsPlaced } from '@bet/proto-events';
import { recordInterest } from '../app/interest';
import { consumer } from '../context';

/** bets.placed: which games have bets (see app/interest.ts). */
export const betInterest = consumer({
  durable: 'games-bet-interest',
  events: [BetsPlaced],
  // the write is idempotent by itself: no inbox row per bet on the hot path of bet placement
  once: false,
  // order does not matter here, and events handled side by side have their acks leave in one
  // write instead of a write (and a wake-up of nats-server) each, on every bet placed
  concurrency: 64,
  async handle(ctx, event) {
    await recordInterest(
      ctx,
      event.data.selections.map((s) => s.gameId),
      new Date(event.data.placedAt),
    );
  },
});
