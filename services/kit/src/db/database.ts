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
  /**
   * `apply` (default): runs what is missing of these migrations. `check`: runs nothing and
   * fails, naming them, when any is missing (a release whose migrations are a separate step).
   * Either way, migrations the schema has and this code does not know (a newer release ran
   * them) are accepted: expand/contract keeps them compatible (docs/decisions).
   */
  migrate(migrations: Record<string, Migration>, logger?: Logger, mode?: 'apply' | 'check'): Promise<void>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /** the Postgres pool's connections now (none for PGlite) */
  poolStats?: () => { total: number; idle: number; waiting: number };
}

const SCHEMA_RE = /^[a-z_][a-z0-9_]*$/;

/**
 * Opens the service's own database, pinned to its own Postgres schema through the
 * search_path, so queries never name another service's tables.
 */
export async function openDatabase<DB>(opts: DatabaseOptions): Promise<Database<DB>> {
  if (!SCHEMA_RE.test(opts.schema)) throw new Error(`invalid schema name ${opts.schema}`);
  let db: Kysely<DB>;
  let poolStats: Database<DB>['poolStats'];
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
    poolStats = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
  } else {
    db = new Kysely<DB>({ dialect: new PinnedPGliteDialect(opts.host, opts.schema) });
    await sql.raw(`CREATE SCHEMA IF NOT EXISTS "${opts.schema}"`).execute(db);
  }

  return {
    db,
    schema: opts.schema,
    kind: opts.kind,
    poolStats,
    async migrate(migrations, logger, mode = 'apply') {
      const applied = await appliedMigrations(db, opts.schema);
      const missing = Object.keys(migrations).filter((n) => !applied.has(n));
      if (missing.length === 0) return;
      if (mode === 'check')
        throw new MigrationsPendingError(
          `schema ${opts.schema} lacks migrations ${missing.join(', ')}: run the migration step of this release first (npm run migrate, or the image's \`migrate\` command)`,
        );
      // a newer release's migrations already in the schema stand in as done: Kysely would
      // otherwise refuse the history ("corrupted migrations") and an older replica crash-loop
      const known: Record<string, Migration> = { ...migrations };
      for (const name of applied) known[name] ??= { up: async () => {} };
      const migrator = new Migrator({
        db: db as Kysely<unknown>,
        provider: { getMigrations: async () => known },
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

/** Migrations this code needs that its schema has not run: start the migration step first. */
export class MigrationsPendingError extends Error {
  override name = 'MigrationsPendingError';
}

/**
 * The migrations the schema has run: a restart with nothing to do makes two short reads
 * instead of taking Kysely's migration lock and listing every table of the database (twice
 * per service, ~75 ms each on the embedded PGlite).
 */
async function appliedMigrations(db: Kysely<any>, schema: string): Promise<Set<string>> {
  const table = `"${schema}".kysely_migration`;
  // asked first, so a first start leaves no "relation does not exist" in the server's log
  const { rows: found } = await sql<{ t: string | null }>`select to_regclass(${table})::text as t`.execute(
    db,
  );
  if (!found[0]?.t) return new Set();
  const { rows } = await sql<{ name: string }>`select name from ${sql.raw(table)}`.execute(db);
  return new Set(rows.map((r) => r.name));
}

export { sql };
