import { Counter, Gauge } from 'prom-client';
import type { EventEnvelope } from '../bus/types';
import { registry } from './metrics';

/**
 * What the business watches, counted where it becomes a fact: when the owning service
 * publishes the event that announces it (the outbox relay publishes each event once; a
 * relay crash between publish and mark can count one twice, which the bus then drops).
 */
export const betsPlaced = new Counter({
  name: 'bets_placed_total',
  help: 'Bets accepted (stake debited)',
  labelNames: ['type'] as const,
  registers: [registry],
});
export const betsStakeCents = new Counter({
  name: 'bets_stake_cents_total',
  help: 'Stakes of accepted bets, in cents',
  registers: [registry],
});
export const betsSettled = new Counter({
  name: 'bets_settled_total',
  help: 'Bets settled, by result (won, lost, voided, cashed_out)',
  labelNames: ['result'] as const,
  registers: [registry],
});
export const betsPayoutCents = new Counter({
  name: 'bets_payout_cents_total',
  help: 'Paid out to players for settled, voided and cashed-out bets, in cents',
  registers: [registry],
});
export const moneyIn = new Counter({
  name: 'money_in_cents_total',
  help: 'Money that came into player wallets from outside (deposits), in cents',
  labelNames: ['kind'] as const,
  registers: [registry],
});
export const moneyOut = new Counter({
  name: 'money_out_cents_total',
  help: 'Money that left to the outside (approved withdrawals), in cents',
  labelNames: ['kind'] as const,
  registers: [registry],
});
export const ledgerMoved = new Counter({
  name: 'wallet_ledger_moved_cents_total',
  help: 'Cents moved by posted wallet transactions, by transaction type and direction',
  labelNames: ['type', 'direction'] as const,
  registers: [registry],
});

type Data = Record<string, any>;
const COUNTERS: Record<string, (d: Data) => void> = {
  'bets.placed': (d) => {
    betsPlaced.inc({ type: String(d.betType ?? 'unknown') });
    if (Number.isFinite(d.stakeCents)) betsStakeCents.inc(d.stakeCents);
  },
  'bets.settled': (d) => {
    // a re-settlement (correction) is not a second settlement
    if (d.correction) return;
    betsSettled.inc({ result: String(d.status) });
    if (Number.isFinite(d.payoutCents) && d.payoutCents > 0) betsPayoutCents.inc(d.payoutCents);
  },
  'bets.voided': (d) => {
    betsSettled.inc({ result: 'voided' });
    if (Number.isFinite(d.refundCents) && d.refundCents > 0) betsPayoutCents.inc(d.refundCents);
  },
  'bets.cashed_out': (d) => {
    betsSettled.inc({ result: 'cashed_out' });
    if (Number.isFinite(d.amountCents) && d.amountCents > 0) betsPayoutCents.inc(d.amountCents);
  },
  'wallet.deposit_completed': (d) => {
    if (Number.isFinite(d.amountCents) && d.amountCents > 0) moneyIn.inc({ kind: 'deposit' }, d.amountCents);
  },
  'wallet.withdrawal_processed': (d) => {
    if (d.status === 'approved' && Number.isFinite(d.amountCents) && d.amountCents > 0)
      moneyOut.inc({ kind: 'withdrawal' }, Math.abs(d.amountCents));
  },
  'wallet.transaction_posted': (d) => {
    if (!Number.isFinite(d.amountCents) || d.amountCents === 0) return;
    ledgerMoved.inc(
      { type: String(d.type), direction: d.amountCents > 0 ? 'credit' : 'debit' },
      Math.abs(d.amountCents),
    );
  },
};

export function countBusinessEvent(event: EventEnvelope) {
  const count = COUNTERS[event.subject];
  if (count && event.data && typeof event.data === 'object') count(event.data as Data);
}

export const reconciliationViolations = new Gauge({
  name: 'reconciliation_violations',
  help: 'Violations found by the last reconciliation run, by check (0 = the invariant holds)',
  labelNames: ['service', 'check'] as const,
  registers: [registry],
});
export const reconciliationLastRun = new Gauge({
  name: 'reconciliation_last_run_timestamp_seconds',
  help: 'When reconciliation last ran to the end',
  labelNames: ['service'] as const,
  registers: [registry],
});

/**
 * Publishes a reconciliation report's outcome as metrics; returns the report. A check that
 * lists only its first violations says how many it found in `found`.
 */
export function recordReconciliation<
  R extends { checks: Array<{ name: string; violations: unknown[]; found?: number }> },
>(service: string, report: R): R {
  for (const c of report.checks)
    reconciliationViolations.set({ service, check: c.name }, c.found ?? c.violations.length);
  reconciliationLastRun.set({ service }, Date.now() / 1000);
  return report;
}
