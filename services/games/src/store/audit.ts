import type { Insertable } from 'kysely';
import type { AuditTable } from '../db/schema';
import type { DB } from './db';

export async function insertAuditEntry(trx: DB, entry: Insertable<AuditTable>) {
  await trx.insertInto('audit_log').values(entry).execute();
}

/** The trail of one entity, oldest first. */
export async function selectAuditTrail(db: DB, entity: string, entityId: string) {
  return db
    .selectFrom('audit_log')
    .selectAll()
    .where('entity', '=', entity)
    .where('entity_id', '=', entityId)
    .orderBy('at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}
