import { republishPromotions } from '../app/promotions';
import { job } from '../context';

/**
 * Every promotion announced again (decision betting-010): once at start on every replica (a
 * deploy brings promotions made before a consumer kept its copy to it), then every
 * PROMOTIONS_REPUBLISH_MS (a consumer whose copy was lost catches up). Idempotent: consumers
 * guard by event time and the content is the current one.
 */
export const republishPromotionsJob = job({
  name: 'republish-promotions',
  everyMs: (ctx) => ctx.config.PROMOTIONS_REPUBLISH_MS,
  immediately: true,
  run: (ctx) => republishPromotions(ctx),
});
