import { newId, recordEvents } from '@bet/kit';
import { GamesAdminAction } from '@bet/proto-events';
import type { Actor } from '../domain/actor';
import { insertAuditEntry, selectAuditTrail } from '../store/audit';
import type { DB } from '../store/db';

/**
 * One line of the audit trail, written in the same transaction as the change it records, and
 * announced (games.admin_action) for the admin service's platform-wide audit log.
 */
export async function audit(
  trx: DB,
  actor: Actor,
  action: string,
  entity: 'game' | 'ranking' | 'sync',
  entityId: string,
  before: unknown,
  after: unknown,
) {
  await insertAuditEntry(trx, {
    id: newId(),
    actor_id: actor.id,
    actor_name: actor.username ?? null,
    action,
    entity,
    entity_id: entityId,
    before: before === undefined || before === null ? null : JSON.stringify(before),
    after: after === undefined || after === null ? null : JSON.stringify(after),
  });
  await recordEvents(trx, GamesAdminAction, [
    {
      data: {
        actorId: actor.id,
        actorName: actor.username ?? null,
        action,
        entity,
        entityId,
        before: before ?? null,
        after: after ?? null,
        at: new Date().toISOString(),
      },
    },
  ]);
}

export async function auditTrail(db: DB, entity: string, entityId: string) {
  const rows = await selectAuditTrail(db, entity, entityId);
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
