import type { AppContext } from '../context';
import type { Timings } from '../domain/round';

export const timingsOf = (ctx: Pick<AppContext, 'config'>): Timings => ({
  bettingMs: ctx.config.AVIATOR_BETTING_MS,
  crashedMs: ctx.config.AVIATOR_CRASHED_MS,
  waitingMs: ctx.config.AVIATOR_WAITING_MS,
});
