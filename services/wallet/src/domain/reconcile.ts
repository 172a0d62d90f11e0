/** The outcome of one invariant check run against the live ledger. */
export interface CheckResult {
  name: string;
  description: string;
  /** how many rows/accounts/transactions the check looked at */
  checked: number;
  /** a readable line per violation (capped by the caller) */
  violations: string[];
  ok: boolean;
}

export interface ReconcileReport {
  ok: boolean;
  checkedAt: string;
  checks: CheckResult[];
  /** users who owe the house (a correction's clawback their wallet could not cover) */
  debts?: Array<{ userId: string; amountCents: number }>;
}

export function checkResult(
  name: string,
  description: string,
  checked: number,
  violations: string[],
): CheckResult {
  return { name, description, checked, violations, ok: violations.length === 0 };
}

export function buildReport(checks: CheckResult[], now = new Date()): ReconcileReport {
  return { ok: checks.every((c) => c.ok), checkedAt: now.toISOString(), checks };
}

export function formatReport(report: ReconcileReport): string {
  const lines = [`Wallet reconciliation at ${report.checkedAt}`];
  for (const c of report.checks) {
    lines.push(`${c.ok ? 'ok  ' : 'FAIL'}  ${c.name}: ${c.description} (${c.checked} checked)`);
    for (const v of c.violations) lines.push(`        - ${v}`);
  }
  if (report.debts?.length) {
    lines.push(`Open debts (${report.debts.length}):`);
    for (const d of report.debts)
      lines.push(`        - user ${d.userId} owes ${(d.amountCents / 100).toFixed(2)}`);
  }
  lines.push(report.ok ? 'All invariants hold.' : 'Invariants violated.');
  return lines.join('\n');
}
