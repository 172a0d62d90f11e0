import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
// loaded only when the embedded mode opens it: the cluster images leave the package out
import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/**
 * PGlite's defaults, with shared buffers of 32 MB instead of 128: every page the embedded
 * platform reads would otherwise stay resident in the process (the files sit in the operating
 * system's cache as well).
 */
const START_PARAMS = (lite: typeof PGlite) => [...lite.defaultStartParams, '-c', 'shared_buffers=32MB'];

/**
 * One PGlite instance shared by every service of the embedded mode. PGlite has a single
 * connection and each instance costs ~250 MB, so the services take turns on it through a
 * FIFO lock, and each turn pins the search_path to the service's own schema: SQL stays
 * unqualified, exactly as against a real Postgres where the pool pins it.
 */
export class PGliteHost {
  private tail: Promise<void> = Promise.resolve();
  /** the schema the connection's search_path names now (set outside any transaction, so it stays) */
  private pinned: string | undefined;
  private constructor(readonly lite: PGlite) {}

  static async open(dataDir: string | 'memory'): Promise<PGliteHost> {
    let dir: string | undefined;
    if (dataDir !== 'memory') {
      dir = resolve(dataDir);
      mkdirSync(dir, { recursive: true });
      if (!existsSync(join(dir, 'PG_VERSION'))) await initialiseElsewhere(dir);
    }
    const { PGlite } = await import('@electric-sql/pglite');
    const lite = new PGlite(dir, { startParams: START_PARAMS(PGlite) });
    await lite.waitReady;
    return new PGliteHost(lite);
  }

  /**
   * Points the connection's search_path at `schema`, unless it already does: a turn costs a
   * statement only when it follows another service's (the Aviator clock takes ten turns a second
   * in a row, and each `SET` costs PGlite about a millisecond). Only call it while holding the lock.
   */
  async pin(schema: string): Promise<void> {
    if (this.pinned === schema) return;
    this.pinned = undefined;
    await this.lite.exec(`SET search_path TO "${schema}"`);
    this.pinned = schema;
  }

  lock(): Promise<() => void> {
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    const prev = this.tail;
    this.tail = prev.then(() => held);
    return prev.then(() => release);
  }

  async close() {
    if (!this.lite.closed) await this.lite.close();
  }
}

/**
 * initdb runs in its own WebAssembly module, and the ~500 MB it touches stays resident in the
 * process that ran it, even after that PGlite is closed. A fresh data directory is therefore
 * made by a short-lived child process; this one then opens it like any restart, at ~280 MB
 * (bench/embedded-memory.ts).
 */
async function initialiseElsewhere(dir: string) {
  const script =
    'const { PGlite } = await import(process.argv[1]);' +
    'const lite = new PGlite(process.argv[2]); await lite.waitReady; await lite.close();';
  await promisify(execFile)(
    process.execPath,
    ['--input-type=module', '-e', script, import.meta.resolve('@electric-sql/pglite'), dir],
    // generous: on a busy machine initdb alone has taken over two minutes
    { timeout: 600_000 },
  );
}

class PGliteConnection implements DatabaseConnection {
  constructor(
    private readonly lite: PGlite,
    readonly release: () => void,
  ) {}
  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.lite.query<R>(compiled.sql, [...compiled.parameters]);
    return result.affectedRows !== undefined && result.affectedRows > 0
      ? { rows: result.rows, numAffectedRows: BigInt(result.affectedRows) }
      : { rows: result.rows };
  }
  // biome-ignore lint/correctness/useYield: streaming is not used; the interface requires the method
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streamQuery is not supported on PGlite');
  }
}

class PinnedDriver implements Driver {
  constructor(
    private readonly host: PGliteHost,
    private readonly schema: string,
  ) {}
  async init() {}
  async acquireConnection() {
    const release = await this.host.lock();
    try {
      await this.host.pin(this.schema);
    } catch (err) {
      release();
      throw err;
    }
    return new PGliteConnection(this.host.lite, release);
  }
  async releaseConnection(conn: DatabaseConnection) {
    (conn as PGliteConnection).release();
  }
  async beginTransaction(conn: DatabaseConnection, settings: TransactionSettings) {
    const iso = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : '';
    await conn.executeQuery(CompiledQuery.raw(`start transaction${iso}`));
  }
  async commitTransaction(conn: DatabaseConnection) {
    await conn.executeQuery(CompiledQuery.raw('commit'));
  }
  async rollbackTransaction(conn: DatabaseConnection) {
    await conn.executeQuery(CompiledQuery.raw('rollback'));
  }
  // the host outlives each service's Kysely; its owner closes it
  async destroy() {}
}

export class PinnedPGliteDialect implements Dialect {
  constructor(
    private readonly host: PGliteHost,
    private readonly schema: string,
  ) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver() {
    return new PinnedDriver(this.host, this.schema);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  createIntrospector(db: Kysely<any>) {
    return new PostgresIntrospector(db);
  }
}
