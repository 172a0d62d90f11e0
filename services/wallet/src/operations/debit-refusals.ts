import { sql } from 'kysely';
import type { WalletContext } from '../context';
import type { Trx } from '../db/ledger';
import type { MoneyMovement } from './money';

export type RefusalReason = 'insufficient_funds' | 'unknown_account';

/** A debit whose key was refused before: the same answer again, whatever the balance now. */
export class DebitRefusedEarlierError extends Error {
  override name = 'DebitRefusedEarlierError';
  constructor(readonly reason: RefusalReason) {
    super(reason === 'unknown_account' ? 'This wallet is closed' : 'Insufficient funds');
  }
}

/**
 * Serialises every decision about one idempotency key (a debit and the refusal of a copy of
 * it) for the rest of the transaction. The row lock on the ledger's unique key would come too
 * late: a refusal writes no ledger row.
 */
export async function lockKey(trx: Trx, key: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
}

export async function debitRefusal(trx: Trx, key: string) {
  return trx
    .selectFrom('debit_refusals')
    .select(['reason', 'created_at'])
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

/**
 * Makes a refusal final under its key, unless a copy of the debit took the stake in the
 * meantime ('taken': the caller answers that stake instead).
 */
export async function recordDebitRefusal(
  ctx: WalletContext,
  m: MoneyMovement,
  reason: RefusalReason,
): Promise<'refused' | 'taken'> {
  return ctx.tx(async (trx) => {
    await lockKey(trx, m.key);
    const taken = await trx
      .selectFrom('transactions')
      .select('id')
      .where('idempotency_key', '=', m.key)
      .executeTakeFirst();
    if (taken) return 'taken' as const;
    await trx
      .insertInto('debit_refusals')
      .values({ idempotency_key: m.key, user_id: m.userId, reason })
      .onConflict((oc) => oc.column('idempotency_key').doNothing())
      .execute();
    return 'refused' as const;
  });
}
