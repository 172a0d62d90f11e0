import { sql } from 'kysely';
import type { Hold } from '../domain/holds';
import type { Trx } from './db';

/** Holds a stake under each reference (adding to what a reference already holds). */
export async function addHolds(trx: Trx, userId: string, holds: Hold[]) {
  await addManyHolds(
    trx,
    holds.map((h) => ({ ...h, userId })),
  );
}

/** `addHolds` for the stakes of many users in one statement. */
export async function addManyHolds(trx: Trx, holds: Array<Hold & { userId: string }>) {
  if (holds.length === 0) return;
  await trx
    .insertInto('holds')
    .values(holds.map((h) => ({ reference: h.reference, user_id: h.userId, amount: h.amount })))
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

/**
 * Releases the stakes held under many (reference, user) pairs at once; returns what each held
 * (keyed `reference|user`, absent when nothing was held).
 */
export async function releaseHolds(
  trx: Trx,
  pairs: Array<{ reference: string; userId: string }>,
): Promise<Map<string, bigint>> {
  if (pairs.length === 0) return new Map();
  const wanted = sql.join(pairs.map((p) => sql`(${p.reference}, ${p.userId})`));
  const { rows } = await sql<{ reference: string; user_id: string; amount: string }>`
    with old as (
      select reference, user_id, amount from holds
      where (reference, user_id) in (values ${wanted}) and amount > 0
      order by reference, user_id
      for update
    )
    update holds h set amount = 0, updated_at = now()
    from old where h.reference = old.reference and h.user_id = old.user_id
    returning old.reference, old.user_id, old.amount`.execute(trx);
  return new Map(rows.map((r) => [`${r.reference}|${r.user_id}`, BigInt(r.amount)]));
}
