import { PromotionCreated, PromotionDeleted, PromotionUpdated } from '@bet/proto-events';
import { applyPromotionEvent } from '../app/read-models';
import { consumer } from '../context';

/** The admin's odds boosts and accumulator bonuses (issue 33): upserts guarded by event time, no inbox. */
export const promotions = consumer({
  durable: 'betting-promotions',
  events: [PromotionCreated, PromotionUpdated, PromotionDeleted],
  once: false,
  async handle(ctx, event) {
    await applyPromotionEvent(ctx.db, event);
  },
});
