import { settleUnconfirmedStakes } from '../app/unconfirmed';
import { job } from '../context';

/** Settles the stakes of bets refused without the wallet's answer (see app/unconfirmed.ts). */
export const unconfirmedStakes = job({
  name: 'unconfirmed-stakes',
  everyMs: (ctx) => ctx.config.AVIATOR_RECONCILE_MS,
  leader: true,
  run: (ctx) => settleUnconfirmedStakes(ctx),
});
