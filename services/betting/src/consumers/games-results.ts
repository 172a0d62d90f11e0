import { handleOnce, NEVER_GIVE_UP } from '@bet/kit';
import { GamesCancelled, GamesResultCorrected, GamesSettled } from '@bet/proto-events';
import { applyResultEvent } from '../app/read-models';
import { consumer } from '../context';

export const RESULTS_CONSUMER = 'betting-games-results';

/**
 * Results and cancellations move money: each is applied exactly once (inbox row in the
 * same transaction), then the flagged bets are evaluated. The inbox is kept here rather
 * than by the kit (`once: false`) because the evaluation runs after the commit, and also
 * after a duplicate: a crash may have interrupted the first pass.
 */
export const gamesResults = consumer({
  durable: RESULTS_CONSUMER,
  events: [GamesSettled, GamesResultCorrected, GamesCancelled],
  once: false,
  // settling a big game takes a while; a redelivery meanwhile would only be dropped by the inbox
  ackWaitMs: 5 * 60_000,
  // a result decides every bet on the game: it waits out any outage, it is never dropped
  maxDeliver: NEVER_GIVE_UP,
  async handle(ctx, event) {
    await handleOnce(ctx.db, RESULTS_CONSUMER, event.id, (trx) => applyResultEvent(ctx, trx, event));
    await ctx.settler.drain();
  },
});
