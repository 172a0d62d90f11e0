import type { Clock } from '@bet/kit';

/** "Now" for the domain rules, from the context's clock (tests pass a manual one). */
export const nowDate = (ctx: { clock: Clock }): Date => new Date(ctx.clock.now());
