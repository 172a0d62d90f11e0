import { type DB, json } from './db';

/** The service's own small settings (simulator secret, calendar progress), one JSON value per key. */
export async function readMeta<T>(db: DB, key: string): Promise<T | null> {
  const row = await db.selectFrom('meta').select('value').where('key', '=', key).executeTakeFirst();
  return row ? json<T>(row.value) : null;
}

/** Stores `value` unless the key has one; true when this call stored it. */
export async function insertMetaIfAbsent(db: DB, key: string, value: unknown): Promise<boolean> {
  const fresh = await db
    .insertInto('meta')
    .values({ key, value: JSON.stringify(value) })
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('key')
    .executeTakeFirst();
  return !!fresh;
}

export async function writeMeta(db: DB, key: string, value: unknown) {
  const text = JSON.stringify(value);
  await db
    .insertInto('meta')
    .values({ key, value: text })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: text }))
    .execute();
}
