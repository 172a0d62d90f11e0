import type { AppContext } from '../context';

export type FailpointName = 'before_commit' | 'after_commit';

/**
 * Stalls forever at a named point when WALLET_FAILPOINT asks for it, so the crash test can
 * kill the process exactly there. Never active in production.
 */
export async function failpoint(ctx: AppContext, name: FailpointName): Promise<void> {
  if (ctx.config.WALLET_FAILPOINT !== name || ctx.config.NODE_ENV === 'production') return;
  ctx.logger.warn({ failpoint: name }, `failpoint ${name} reached; stalling`);
  await new Promise(() => {});
}
