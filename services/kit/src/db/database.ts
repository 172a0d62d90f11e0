import { Kysely, type Migration, Migrator, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Logger } from '../logger';
import { type PGliteHost, PinnedPGliteDialect } from './pglite';

// bigint columns come back as strings by default; money code converts them with BigInt().
// int8 → string keeps exactness; numeric → string too.

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; schema: string; poolSize?: number }
  | { kind: 'pglite'; host: PGliteHost; schema: string };

export interface Database<DB> {
  db: Kysely<DB>;
  schema: string;
  kind: 'postgres' | 'pglite';
  migrate(migrations: Record<string, Migration>, logger?: Logger): Promise<void>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

const SCHEMA_RE = /^[a-z_][a-z0-9_]*$/;

/**
 * Opens the service's own database, pinned to its own Postgres schema through the
 * search_path, so queries never name another service's tables.
 */
export async function openDatabase<DB>(opts: DatabaseOptions): Promise<Database<DB>> {
  if (!SCHEMA_RE.test(opts.schema)) throw new Error(`invalid schema name ${opts.schema}`);
  let db: Kysely<DB>;
  if (opts.kind === 'postgres') {
    // Create the schema first on a plain connection: search_path to a missing schema is silent.
    const admin = new pg.Client({ connectionString: opts.url });
    await admin.connect();
    try {
      await admin.query(`CREATE SCHEMA IF NOT EXISTS "${opts.schema}"`);
    } catch (err) {
      // two services racing on CREATE SCHEMA IF NOT EXISTS can collide on the catalog
      if ((err as { code?: string }).code !== '23505') throw err;
    } finally {
      await admin.end();
    }
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: opts.poolSize ?? 10,
      options: `-c search_path="${opts.schema}"`,
    });
    pool.on('error', () => {}); // idle client errors surface on the next query instead
    // a client checked out between two statements of a transaction (while the outbox relay
    // waits for NATS, say) emits 'error' when its connection drops, and with no listener
    // that ends the process; its next statement fails instead, and the work is retried
    pool.on('connect', (client) => client.on('error', () => {}));
    db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  } else {
    db = new Kysely<DB>({ dialect: new PinnedPGliteDialect(opts.host, opts.schema) });
    await sql.raw(`CREATE SCHEMA IF NOT EXISTS "${opts.schema}"`).execute(db);
  }

  return {
    db,
    schema: opts.schema,
    kind: opts.kind,
    async migrate(migrations, logger) {
      if (await alreadyApplied(db, opts.schema, Object.keys(migrations))) return;
      const migrator = new Migrator({
        db: db as Kysely<unknown>,
        provider: { getMigrations: async () => migrations },
        migrationTableSchema: opts.schema,
        // the kit's own tables (outbox, leases) arrive beside a service's history, not after it
        allowUnorderedMigrations: true,
      });
      const { error, results } = await migrator.migrateToLatest();
      for (const r of results ?? []) {
        if (r.status === 'Success') logger?.info({ migration: r.migrationName }, 'migration applied');
        else if (r.status === 'Error') logger?.error({ migration: r.migrationName }, 'migration failed');
      }
      if (error) throw error;
    },
    async ping() {
      try {
        await sql`select 1`.execute(db);
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      await db.destroy();
    },
  };
}

/**
 * True when the schema has run exactly these migrations: a restart with nothing to do makes
 * two short reads instead of taking Kysely's migration lock and listing every table of the database
 * (twice per service, ~75 ms each on the embedded PGlite). Any difference, a missing table
 * included, goes through the Migrator, which applies what is new or refuses a history it
 * does not know.
 */
async function alreadyApplied(db: Kysely<any>, schema: string, names: string[]): Promise<boolean> {
  const table = `"${schema}".kysely_migration`;
  // asked first, so a first start leaves no "relation does not exist" in the server's log
  const { rows: found } = await sql<{ t: string | null }>`select to_regclass(${table})::text as t`.execute(
    db,
  );
  if (!found[0]?.t) return false;
  const { rows } = await sql<{ name: string }>`select name from ${sql.raw(table)}`.execute(db);
  const applied = new Set(rows.map((r) => r.name));
  return applied.size === names.length && names.every((n) => applied.has(n));
}

export { sql };
