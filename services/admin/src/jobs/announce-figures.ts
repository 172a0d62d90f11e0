import { announceFigures } from '../app/stats';
import { job } from '../context';

/**
 * The dashboard's figures, pushed instead of polled: one replica (the lease holder) reads
 * them every ADMIN_FIGURES_PUSH_MS and announces them when they moved since the last time.
 */
export const announceFiguresJob = job({
  name: 'announce-figures',
  everyMs: (ctx) => ctx.config.ADMIN_FIGURES_PUSH_MS,
  leader: true,
  run: (ctx) => announceFigures(ctx),
});
