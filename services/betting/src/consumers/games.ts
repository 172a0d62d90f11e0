import { type EventEnvelope, type EventHandler, handleOnce, NEVER_GIVE_UP } from '@bet/kit';
import {
  type EventData,
  GamesCancelled,
  GamesCreated,
  GamesOddsChanged,
  GamesResultCorrected,
  GamesSettled,
  GamesUpdated,
} from '@bet/proto-events';
import { applyGameSnapshot, applyOdds } from '../app/read-models';
import { runtime } from '../app/runtime';
import type { Ctx } from '../app/types';

export const RESULTS_CONSUMER = 'betting-games-results';

/**
 * The games read model and settlement. Snapshots and prices are idempotent upserts
 * guarded by event time (no inbox row per odds tick); results and cancellations move
 * money, so they go through the inbox and are handled exactly once.
 */
export function gameEventHandlers(ctx: Ctx): Record<'catalogue' | 'odds' | 'results', EventHandler> {
  const { settler } = runtime(ctx);
  return {
    async catalogue(evt: EventEnvelope) {
      const data = evt.data as EventData<typeof GamesCreated>;
      await applyGameSnapshot(ctx.db, data.game, new Date(evt.occurredAt));
    },
    async odds(evt: EventEnvelope) {
      const data = evt.data as EventData<typeof GamesOddsChanged>;
      await applyOdds(ctx.db, data.gameId, data.odds, data.live, new Date(evt.occurredAt));
    },
    async results(evt: EventEnvelope) {
      await handleOnce(ctx.db, RESULTS_CONSUMER, evt.id, async (trx) => {
        if (evt.subject === GamesSettled.subject) {
          const d = evt.data as EventData<typeof GamesSettled>;
          await settler.applyResult(trx, {
            gameId: d.gameId,
            result: d.result,
            scores: d.scores,
            at: new Date(d.settledAt),
            kind: 'settled',
          });
        } else if (evt.subject === GamesResultCorrected.subject) {
          const d = evt.data as EventData<typeof GamesResultCorrected>;
          await settler.applyResult(trx, {
            gameId: d.gameId,
            result: d.result,
            scores: d.scores,
            at: new Date(d.correctedAt),
            kind: 'corrected',
          });
        } else {
          const d = evt.data as EventData<typeof GamesCancelled>;
          await settler.applyCancel(trx, d.gameId, new Date(d.cancelledAt));
        }
      });
      // evaluate now (also after a duplicate: a crash may have interrupted the first pass)
      await settler.drain();
    },
  };
}

export async function startGameConsumers(ctx: Ctx) {
  const handlers = gameEventHandlers(ctx);
  ctx.track(
    await ctx.bus.consume({
      durable: 'betting-games-catalogue',
      subjects: [GamesCreated.subject, GamesUpdated.subject],
      handler: handlers.catalogue,
    }),
  );
  ctx.track(
    await ctx.bus.consume({
      durable: 'betting-games-odds',
      subjects: [GamesOddsChanged.subject],
      handler: handlers.odds,
    }),
  );
  ctx.track(
    await ctx.bus.consume({
      durable: RESULTS_CONSUMER,
      subjects: [GamesSettled.subject, GamesResultCorrected.subject, GamesCancelled.subject],
      // settling a big game takes a while; a redelivery meanwhile would only be dropped by the inbox
      ackWaitMs: 5 * 60_000,
      // a result decides every bet on the game: it waits out any outage, it is never dropped
      maxDeliver: NEVER_GIVE_UP,
      handler: handlers.results,
    }),
  );
}
