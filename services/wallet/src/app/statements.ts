import type { AppContext } from '../context';
import type { ReconcileReport } from '../domain/reconcile';
import type { WalletSummary } from '../domain/transactions';
import { userDebt } from '../store/debts';
import { bonusBalance, walletBalance } from '../store/ledger';
import { reconcile } from '../store/reconcile';
import { type StatementLine, type StatementQuery, statement, summary } from '../store/statements';

export type { StatementLine } from '../store/statements';

/** A wallet's balance in cents (0 when it has never been opened). */
export function balanceOf(ctx: AppContext, userId: string): Promise<bigint> {
  return walletBalance(ctx.db, userId);
}

/** A player's bonus balance in cents (decision wallet-007). */
export function bonusOf(ctx: AppContext, userId: string): Promise<bigint> {
  return bonusBalance(ctx.db, userId);
}

/** What a user owes from a corrected result (repaid from the next winnings). */
export function debtOf(ctx: AppContext, userId: string): Promise<bigint> {
  return userDebt(ctx.db, userId);
}

export function summaryOf(ctx: AppContext, userId: string): Promise<WalletSummary> {
  return summary(ctx.db, userId);
}

export function statementOf(
  ctx: AppContext,
  q: StatementQuery,
): Promise<{ lines: StatementLine[]; count: number }> {
  return statement(ctx.db, q);
}

/** The ledger's invariants on the live data (read-only). */
export function reconcileLedger(ctx: AppContext): Promise<ReconcileReport> {
  return reconcile(ctx.db);
}
