import { type Kysely, type Migration, sql } from 'kysely';

export const auditLog: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('audit_log')
      .addColumn('seq', 'bigserial', (c) => c.primaryKey())
      .addColumn('id', 'text', (c) => c.notNull().unique())
      .addColumn('at', 'timestamptz', (c) => c.notNull())
      .addColumn('actor_id', 'text')
      .addColumn('actor_name', 'text')
      .addColumn('service', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('entity', 'text', (c) => c.notNull())
      .addColumn('entity_id', 'text', (c) => c.notNull())
      .addColumn('before', 'jsonb')
      .addColumn('after', 'jsonb')
      .execute();
    await sql`create index audit_log_at on audit_log (at desc, seq desc)`.execute(db);
    await sql`create index audit_log_entity on audit_log (entity, entity_id, at desc)`.execute(db);
  },
};
