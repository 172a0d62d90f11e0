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
    it(`applies what is new, does nothing when all are in, and refuses a history it does not know (${kind})`, async () => {
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
        // code older than the schema: the Migrator's own check still refuses it
        await expect(database.migrate({ '0001_a': table('a') })).rejects.toThrow(/missing/);
      } finally {
        await database.close();
        await host?.close();
        await test?.drop();
      }
    });
  }
});
