import type { Trx } from './db';

/**
 * Where this bet's settlement stands (0: first result applied, n: n-th correction applied,
 * null: nothing yet), the row locked so the events of one bet apply one at a time whichever
 * replica or delivery brings them.
 */
export async function settlementLevel(trx: Trx, betId: string): Promise<number | null> {
  const row = await trx
    .selectFrom('bet_settlements')
    .select('level')
    .where('bet_id', '=', betId)
    .forUpdate()
    .executeTakeFirst();
  return row ? row.level : null;
}

export async function markSettled(trx: Trx, betId: string, userId: string, level: number) {
  await trx
    .insertInto('bet_settlements')
    .values({ bet_id: betId, user_id: userId, level })
    .onConflict((oc) =>
      oc.column('bet_id').doUpdateSet((eb) => ({
        level: eb.fn('greatest', [eb.ref('bet_settlements.level'), eb.ref('excluded.level')]),
        updated_at: new Date(),
      })),
    )
    .execute();
}
