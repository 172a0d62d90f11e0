import { NEVER_GIVE_UP } from '@bet/kit';
import { PromotionCreated, PromotionDeleted, PromotionUpdated } from '@bet/proto-events';
import { applyPromotionEvent } from '../app/read-models';
import { consumer } from '../context';

/** The admin's odds boosts and accumulator bonuses (issue 33): upserts guarded by event time, no inbox. */
export const promotions = consumer({
  durable: 'betting-promotions',
  events: [PromotionCreated, PromotionUpdated, PromotionDeleted],
  once: false,
  // money: a boost or acca bonus the admin withdrew must stop being paid, so no update is ever dropped
  maxDeliver: NEVER_GIVE_UP,
  async handle(ctx, event) {
    await applyPromotionEvent(ctx.db, event);
  },
});
