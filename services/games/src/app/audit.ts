import { newId } from '@bet/kit';
import type { Actor, DB } from '../context';

/** One line of the audit trail, written in the same transaction as the change it records. */
export async function audit(
  trx: DB,
  actor: Actor,
  action: string,
  entity: 'game' | 'ranking' | 'sync',
  entityId: string,
  before: unknown,
  after: unknown,
) {
  await trx
    .insertInto('audit_log')
    .values({
      id: newId(),
      actor_id: actor.id,
      actor_name: actor.username ?? null,
      action,
      entity,
      entity_id: entityId,
      before: before === undefined || before === null ? null : JSON.stringify(before),
      after: after === undefined || after === null ? null : JSON.stringify(after),
    })
    .execute();
}

export async function auditTrail(db: DB, entity: string, entityId: string) {
  const rows = await db
    .selectFrom('audit_log')
    .selectAll()
    .where('entity', '=', entity)
    .where('entity_id', '=', entityId)
    .orderBy('at', 'asc')
    .orderBy('id', 'asc')
    .execute();
  const parse = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : (v ?? null));
  return rows.map((r) => ({
    _id: r.id,
    at: new Date(r.at).toISOString(),
    actor: { _id: r.actor_id, username: r.actor_name },
    action: r.action,
    before: parse(r.before),
    after: parse(r.after),
  }));
}
