import { handleOnce } from '@bet/kit';
import { BetsPlaced, type EventData } from '@bet/proto-events';
import { sql } from 'kysely';
import type { Ctx } from '../context';

export const INTEREST_CONSUMER = 'games-bet-interest';

/**
 * Remembers which games people bet on: the simulator announces every in-play price change
 * of those games, and lets the others' prices move in coarser steps (see domain/live.ts).
 */
export async function startInterestConsumer(ctx: Ctx) {
  ctx.track(
    await ctx.bus.consume({
      durable: INTEREST_CONSUMER,
      subjects: [BetsPlaced.subject],
      handler: async (evt) => {
        const data = evt.data as EventData<typeof BetsPlaced>;
        const gameIds = [...new Set(data.selections.map((s) => s.gameId))];
        if (gameIds.length === 0) return;
        await handleOnce(ctx.db, INTEREST_CONSUMER, evt.id, async (trx) => {
          const at = new Date(data.placedAt);
          await trx
            .insertInto('game_interest')
            .values(gameIds.map((id) => ({ game_id: id, bets: 1, last_bet_at: at })))
            .onConflict((oc) =>
              oc.column('game_id').doUpdateSet({
                bets: sql`game_interest.bets + 1`,
                last_bet_at: sql`greatest(game_interest.last_bet_at, excluded.last_bet_at)`,
              }),
            )
            .execute();
        });
      },
    }),
  );
}
