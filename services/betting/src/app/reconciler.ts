import { sql } from 'kysely';
import type { Placement } from './placement';
import type { Ctx } from './types';

/**
 * Finishes what a crash or a silent wallet left half done: placements still waiting for
 * their debit are asked again with the same idempotency key (the wallet answers the
 * original outcome, or performs it once), and refunds owed for late debits are retried.
 * Each row is claimed by pushing its next attempt into the future in one conditional
 * update, so replicas never work on the same row at once; a claim that dies simply
 * expires and the row comes back.
 */
export class Reconciler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private stopped = false;

  constructor(
    private readonly ctx: Ctx,
    private readonly placement: Placement,
  ) {}

  start() {
    this.stopped = false;
    const tick = () => {
      if (this.stopped) return;
      void this.runOnce()
        .catch((err) => this.ctx.logger.warn({ err }, 'reconciler pass failed'))
        .finally(() => {
          if (!this.stopped) this.timer = setTimeout(tick, this.ctx.config.RECONCILE_INTERVAL_MS);
        });
    };
    this.timer = setTimeout(tick, this.ctx.config.RECONCILE_INTERVAL_MS);
  }

  async stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running?.catch(() => {});
  }

  /** One pass over due work; resolves with the number of rows handled. */
  runOnce(): Promise<number> {
    if (!this.running) this.running = this.pass().finally(() => (this.running = undefined));
    return this.running;
  }

  private async pass(): Promise<number> {
    const { WALLET_TIMEOUT_MS } = this.ctx.config;
    // the lease outlives one wallet round trip; failures back off up to a minute
    const claimed = await sql<{ id: string; state: string; refund_state: string | null }>`
      update placements set attempts = attempts + 1,
        next_attempt_at = now() + make_interval(secs => greatest(${(2 * WALLET_TIMEOUT_MS) / 1000}::float8,
          least(60, power(2, attempts)::float8)))
      where id in (
        select id from placements
        where (state = 'pending_payment' or refund_state = 'due') and next_attempt_at <= now()
        order by next_attempt_at limit 50
        for update skip locked)
      returning id, state, refund_state`.execute(this.ctx.db);
    for (const row of claimed.rows) {
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
    return claimed.rows.length;
  }
}
