import { connect, createServer, type Socket } from 'node:net';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../src/db/database';
import { PGliteHost } from '../src/db/pglite';
import { createTestDatabase, eventually, TEST_PG_URL } from '../src/testing';

// The database cut while a transaction holds its connection between two statements: the
// process must live on (an 'error' with no listener on a checked-out pg client ended it in
// tests/betting/outage.test.ts), and the transaction fails like any other.
describe('a Postgres connection lost in the middle of a transaction', () => {
  const sockets = new Set<Socket>();
  const proxy = createServer((client) => {
    const target = new URL(TEST_PG_URL);
    const upstream = connect(Number(target.port || 5432), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => {});
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  let drop: () => Promise<void> = async () => {};
  afterAll(async () => {
    proxy.close();
    await drop();
  });

  it('fails that transaction and keeps the process alive', async () => {
    const test = await createTestDatabase();
    drop = test.drop;
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
    const url = new URL(test.url);
    url.host = `127.0.0.1:${(proxy.address() as { port: number }).port}`;
    const database = await openDatabase<any>({ kind: 'postgres', url: url.toString(), schema: 'cut_test' });
    const emitted = vi.spyOn(pg.Client.prototype, 'emit');
    try {
      const attempt = database.db.transaction().execute(async (trx) => {
        await sql`select 1`.execute(trx);
        for (const s of sockets) s.destroy();
        // the checked-out client has noticed: its 'error' (fatal with no listener) is out
        await eventually(() => emitted.mock.calls.some(([name]) => name === 'error'));
        await sql`select 2`.execute(trx);
      });
      await expect(attempt).rejects.toThrow();
    } finally {
      emitted.mockRestore();
    }
    await database.close().catch(() => {});
  });
});

describe('migrations', () => {
  const table = (name: string) => ({
    async up(db: import('kysely').Kysely<any>) {
      await db.schema.createTable(name).addColumn('id', 'text').execute();
    },
  });

  for (const kind of ['postgres', 'pglite'] as const) {
    it(`applies what is new, does nothing when all are in, and accepts a newer release's history (${kind})`, async () => {
      const test = kind === 'postgres' ? await createTestDatabase() : undefined;
      const host = kind === 'pglite' ? await PGliteHost.open('memory') : undefined;
      const database = await openDatabase<any>(
        test
          ? { kind: 'postgres', url: test.url, schema: 'mig_test' }
          : { kind: 'pglite', host: host!, schema: 'mig_test' },
      );
      try {
        const applied = async () =>
          (
            await sql<{ name: string }>`select name from kysely_migration order by name`.execute(database.db)
          ).rows.map((r) => r.name);
        await database.migrate({ '0001_a': table('a') });
        await database.migrate({ '0001_a': table('a') });
        expect(await applied()).toEqual(['0001_a']);
        await database.migrate({ '0001_a': table('a'), '0002_b': table('b') });
        expect(await applied()).toEqual(['0001_a', '0002_b']);
        await sql`select id from b`.execute(database.db);
        // code older than the schema (a rollback, a crash-restart mid-rollout): it starts
        await database.migrate({ '0001_a': table('a') });
        await database.migrate({ '0001_a': table('a') }, undefined, 'check');
        // and an older release that lacks a migration of its own still gets it
        await database.migrate({ '0001_a': table('a'), '0001_c': table('c') });
        expect(await applied()).toEqual(['0001_a', '0001_c', '0002_b']);
      } finally {
        await database.close();
        await host?.close();
        await test?.drop();
      }
      // PGlite runs each Migrator pass in a few seconds on a loaded machine
    }, 120_000);
  }
});

// Two releases on one schema at once, as a rolling update (or `kubectl rollout undo`) has
// them: v2's migration step has expanded the schema; v1 replicas keep starting, writing and
// reading beside v2's; a rollback to v1 after the migration loses nothing and refuses nothing.
describe('two releases on one schema (expand/contract)', () => {
  const v1 = {
    '0001_notes': {
      async up(db: import('kysely').Kysely<any>) {
        await db.schema
          .createTable('notes')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('text', 'text', (c) => c.notNull())
          .execute();
      },
    },
  };
  // expand: a nullable column with a default; v1's inserts, which do not name it, still work
  const v2 = {
    ...v1,
    '0002_notes_pinned': {
      async up(db: import('kysely').Kysely<any>) {
        await db.schema
          .alterTable('notes')
          .addColumn('pinned', 'boolean', (c) => c.notNull().defaultTo(false))
          .execute();
      },
    },
  };

  it('runs v1 and v2 side by side after v2 migrated, then rolls back to v1 with every row kept', async () => {
    const test = await createTestDatabase();
    const open = () => openDatabase<any>({ kind: 'postgres', url: test.url, schema: 'two_releases' });
    const old = await open();
    const next = await open();
    try {
      await old.migrate(v1);
      await old.db.insertInto('notes').values({ id: 'a', text: 'before the upgrade' }).execute();
      // the release's migration step, then v2 replicas start checking only
      await next.migrate(v2);
      await next.migrate(v2, undefined, 'check');
      // a v1 replica restarting mid-rollout: its own migrations are there, the newer one is accepted
      await old.migrate(v1, undefined, 'check');
      await old.migrate(v1, undefined, 'apply');
      await old.db.insertInto('notes').values({ id: 'b', text: 'from v1 during the rollout' }).execute();
      await next.db.insertInto('notes').values({ id: 'c', text: 'from v2', pinned: true }).execute();
      // v1 reads what v2 wrote, v2 reads what v1 wrote
      expect(
        (await old.db.selectFrom('notes').select(['id', 'text']).orderBy('id').execute()).map((r) => r.id),
      ).toEqual(['a', 'b', 'c']);
      expect(await next.db.selectFrom('notes').select(['id', 'pinned']).orderBy('id').execute()).toEqual([
        { id: 'a', pinned: false },
        { id: 'b', pinned: false },
        { id: 'c', pinned: true },
      ]);
      // rollback: v2 gone, v1 alone (restarted); nothing is refused, nothing lost
      await next.close();
      const rolledBack = await open();
      await rolledBack.migrate(v1, undefined, 'check');
      await rolledBack.db.insertInto('notes').values({ id: 'd', text: 'after the rollback' }).execute();
      expect(await rolledBack.db.selectFrom('notes').select('id').orderBy('id').execute()).toHaveLength(4);
      await rolledBack.close();
    } finally {
      await old.close();
      await next.close().catch(() => {});
      await test.drop();
    }
  });

  it('check mode refuses to start a release whose migrations have not run, and names them', async () => {
    const test = await createTestDatabase();
    const database = await openDatabase<any>({ kind: 'postgres', url: test.url, schema: 'pending' });
    try {
      await database.migrate(v1);
      await expect(database.migrate(v2, undefined, 'check')).rejects.toThrow(
        /lacks migrations 0002_notes_pinned: run the migration step/,
      );
    } finally {
      await database.close();
      await test.drop();
    }
  });
});
