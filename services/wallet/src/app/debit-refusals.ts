import type { AppContext } from '../context';
import { insertDebitRefusal, keyTaken, lockKey, type RefusalReason } from '../store/debit-refusals';
import type { MoneyMovement } from './money';

export type { RefusalReason } from '../store/debit-refusals';

/** A debit whose key was refused before: the same answer again, whatever the balance now. */
export class DebitRefusedEarlierError extends Error {
  override name = 'DebitRefusedEarlierError';
  constructor(readonly reason: RefusalReason) {
    super(reason === 'unknown_account' ? 'This wallet is closed' : 'Insufficient funds');
  }
}

/**
 * Makes a refusal final under its key, unless a copy of the debit took the stake in the
 * meantime ('taken': the caller answers that stake instead).
 */
export async function recordDebitRefusal(
  ctx: AppContext,
  m: MoneyMovement,
  reason: RefusalReason,
): Promise<'refused' | 'taken'> {
  return ctx.tx(async (trx) => {
    await lockKey(trx, m.key);
    if (await keyTaken(trx, m.key)) return 'taken' as const;
    await insertDebitRefusal(trx, m.key, m.userId, reason);
    return 'refused' as const;
  });
}
