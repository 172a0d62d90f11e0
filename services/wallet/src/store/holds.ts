import type { Hold } from '../domain/holds';
import type { Trx } from './db';

/** Holds a stake under each reference (adding to what a reference already holds). */
export async function addHolds(trx: Trx, userId: string, holds: Hold[]) {
  await trx
    .insertInto('holds')
    .values(holds.map((h) => ({ reference: h.reference, user_id: userId, amount: h.amount })))
    .onConflict((oc) =>
      oc.columns(['reference', 'user_id']).doUpdateSet((eb) => ({
        amount: eb('holds.amount', '+', eb.ref('excluded.amount')),
        updated_at: new Date(),
      })),
    )
    .execute();
}

/**
 * Releases the stake held under a reference (for this user) and returns it. Settling a bet
 * is final for its hold: whatever was still in play leaves bets in play now.
 */
export async function releaseHold(trx: Trx, reference: string, userId: string): Promise<bigint> {
  const hold = await trx
    .selectFrom('holds')
    .select('amount')
    .where('reference', '=', reference)
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
  const held = BigInt(hold?.amount ?? 0);
  if (held > 0n) {
    await trx
      .updateTable('holds')
      .set({ amount: 0, updated_at: new Date() })
      .where('reference', '=', reference)
      .where('user_id', '=', userId)
      .execute();
  }
  return held;
}
