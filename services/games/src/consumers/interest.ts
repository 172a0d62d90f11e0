import { BetsPlaced, type EventData } from '@bet/proto-events';
import type { Ctx } from '../context';

export const INTEREST_CONSUMER = 'games-bet-interest';

/** the games this replica has already recorded; bounded, since it only saves a write */
const KNOWN_MAX = 50_000;

/**
 * Remembers which games people bet on: the simulator announces every in-play price change
 * of those games, and lets the others' prices move in coarser steps (see domain/live.ts), and
 * keeps them past SIMULATOR_KEEP_HOURS. Only a game's first bet matters, so the write is
 * idempotent by itself (no inbox needed) and a game this replica has recorded costs nothing:
 * on the hot path of bet placement this consumer used to write one row per bet.
 */
export async function startInterestConsumer(ctx: Ctx) {
  const known = new Set<string>();
  ctx.track(
    await ctx.bus.consume({
      durable: INTEREST_CONSUMER,
      subjects: [BetsPlaced.subject],
      handler: async (evt) => {
        const data = evt.data as EventData<typeof BetsPlaced>;
        const fresh = [...new Set(data.selections.map((s) => s.gameId))].filter((id) => !known.has(id));
        if (fresh.length === 0) return;
        await ctx.db
          .insertInto('game_interest')
          .values(fresh.map((id) => ({ game_id: id, first_bet_at: new Date(data.placedAt) })))
          .onConflict((oc) => oc.column('game_id').doNothing())
          .execute();
        if (known.size > KNOWN_MAX) known.clear();
        for (const id of fresh) known.add(id);
      },
    }),
  );
}
