import type { DB } from '../context';
import type { AuditLine } from '../domain/audit';

const json = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v));

/** Writes a line once per id (the event's id): a redelivered event writes nothing. */
export async function writeAudit(db: DB, line: AuditLine) {
  await db
    .insertInto('audit_log')
    .values({
      id: line.id,
      at: line.at,
      actor_id: line.actorId,
      actor_name: line.actorName,
      service: line.service,
      action: line.action,
      entity: line.entity,
      entity_id: line.entityId,
      before: json(line.before),
      after: json(line.after),
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

export interface AuditQuery {
  entity?: string;
  entityId?: string;
  actorId?: string;
  action?: string;
  page: number;
  limit: number;
}

export async function auditPage(db: DB, q: AuditQuery) {
  let base = db.selectFrom('audit_log');
  if (q.entity) base = base.where('entity', '=', q.entity);
  if (q.entityId) base = base.where('entity_id', '=', q.entityId);
  if (q.actorId) base = base.where('actor_id', '=', q.actorId);
  if (q.action) base = base.where('action', 'like', `${q.action.replace(/[%_\\]/g, '\\$&')}%`);
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('at', 'desc')
      .orderBy('seq', 'desc')
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(count.n) };
}
