import type { Selectable } from 'kysely';
import type { RankingsTable } from '../db/schema';
import type { DB } from './db';

export type RankingRow = Selectable<RankingsTable>;

export async function selectRankings(db: DB): Promise<RankingRow[]> {
  return db.selectFrom('rankings').selectAll().orderBy('ranking', 'desc').orderBy('team_key').execute();
}

/** The power rankings of these teams (lower-cased names). */
export async function selectRankingsByKey(db: DB, teamKeys: readonly string[]) {
  if (teamKeys.length === 0) return [];
  return db
    .selectFrom('rankings')
    .select(['team_key', 'ranking'])
    .where('team_key', 'in', teamKeys)
    .execute();
}

export async function insertRanking(
  trx: DB,
  row: { id: string; team_name: string; team_key: string; ranking: number },
): Promise<RankingRow> {
  return trx.insertInto('rankings').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function lockRanking(trx: DB, id: string): Promise<RankingRow | undefined> {
  return trx.selectFrom('rankings').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function updateRankingValue(trx: DB, id: string, ranking: number): Promise<RankingRow> {
  return trx
    .updateTable('rankings')
    .set({ ranking, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteRankingRow(trx: DB, id: string) {
  await trx.deleteFrom('rankings').where('id', '=', id).execute();
}

/** Inserts rankings; a team that already has one (admin-tuned) keeps it. */
export async function insertRankingsIfAbsent(
  db: DB,
  rows: Array<{ id: string; team_name: string; team_key: string; ranking: number }>,
) {
  if (rows.length === 0) return;
  await db
    .insertInto('rankings')
    .values(rows)
    .onConflict((oc) => oc.column('team_key').doNothing())
    .execute();
}
