import type { Identity } from '../app/context';
import { sweepDueLimits } from '../app/limits';

/**
 * Applies due limit changes even for users who never come back to read them, so that
 * user.updated reaches the betting service in time. Each replica sweeps; the row locks make
 * a change apply (and be announced) once.
 */
export function startLimitSweep(idn: Identity, everyMs: number) {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout;
  const tick = () => {
    if (stopped) return;
    running = sweepDueLimits(idn)
      .then((n) => n > 0 && idn.ctx.logger.info({ applied: n }, 'pending limit changes applied'))
      .catch((err) => idn.ctx.logger.warn({ err }, 'limit sweep failed'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, everyMs);
      });
  };
  timer = setTimeout(tick, everyMs);
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
