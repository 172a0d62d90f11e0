import { sql } from 'kysely';
import { accountId, systemAccount } from '../domain/accounts';
import type { Trx } from './db';

/**
 * What the promotions account has paid as this bet's accumulator bonus so far (its `acca_bonus`
 * lines: the first result's, and the corrections' in either direction), cents.
 */
export async function accaBonusPaid(trx: Trx, betId: string): Promise<bigint> {
  const { rows } = await sql<{ paid: string | null }>`
    select -sum(p.amount) as paid
    from transactions t join postings p on p.transaction_id = t.id
    where t.reference = ${betId} and t.type = 'acca_bonus'
      and p.account_id = ${accountId(systemAccount('promotions'))}`.execute(trx);
  return BigInt(rows[0]?.paid ?? 0);
}

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
  await markManySettled(trx, [{ betId, userId, level }]);
}

/** Locks the settlement rows of many bets (in id order); returns the level of each that has one. */
export async function lockSettlementLevels(trx: Trx, betIds: string[]): Promise<Map<string, number>> {
  if (betIds.length === 0) return new Map();
  const rows = await trx
    .selectFrom('bet_settlements')
    .select(['bet_id', 'level'])
    .where('bet_id', 'in', betIds)
    .orderBy('bet_id')
    .forUpdate()
    .execute();
  return new Map(rows.map((r) => [r.bet_id, r.level]));
}

/** `markSettled` for many bets in one statement. */
export async function markManySettled(
  trx: Trx,
  rows: Array<{ betId: string; userId: string; level: number }>,
) {
  if (rows.length === 0) return;
  await trx
    .insertInto('bet_settlements')
    .values(rows.map((r) => ({ bet_id: r.betId, user_id: r.userId, level: r.level })))
    .onConflict((oc) =>
      oc.column('bet_id').doUpdateSet((eb) => ({
        level: eb.fn('greatest', [eb.ref('bet_settlements.level'), eb.ref('excluded.level')]),
        updated_at: new Date(),
      })),
    )
    .execute();
}
