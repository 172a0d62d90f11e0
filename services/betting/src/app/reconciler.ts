import type { KitContext } from '../config';
import { claimDueWork } from '../store/placements';
import type { Placement } from './placement';

/**
 * Finishes what a crash or a silent wallet left half done: placements still waiting for
 * their debit are asked again with the same idempotency key (the wallet answers the
 * original outcome, or performs it once), and refunds owed for late debits are retried.
 * Every replica runs it (jobs/reconcile.ts); each row is claimed by one of them at a time
 * (see `claimDueWork`).
 */
export class Reconciler {
  private running: Promise<number> | undefined;
  private stopped = false;

  constructor(
    private readonly ctx: KitContext,
    private readonly placement: Placement,
  ) {}

  /** Stops after the row in hand and waits for it. */
  async stop() {
    this.stopped = true;
    await this.running?.catch(() => {});
  }

  /** One pass over due work; resolves with the number of rows handled. */
  runOnce(): Promise<number> {
    if (!this.running) this.running = this.pass().finally(() => (this.running = undefined));
    return this.running;
  }

  private async pass(): Promise<number> {
    const claimed = await claimDueWork(this.ctx.db, (2 * this.ctx.config.WALLET_TIMEOUT_MS) / 1000);
    for (const row of claimed) {
      if (this.stopped) break;
      try {
        if (row.state === 'pending_payment') {
          const reply = await this.placement.debit(row.id);
          const outcome = await this.placement.finish(row.id, reply);
          this.ctx.logger.info({ placementId: row.id, outcome }, 'placement reconciled');
        } else if (row.refund_state === 'due') {
          await this.placement.refund(row.id);
        }
      } catch (err) {
        this.ctx.logger.warn({ err, placementId: row.id }, 'reconciliation attempt failed; will retry');
      }
    }
    return claimed.length;
  }
}
