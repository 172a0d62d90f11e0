import { type Kysely, type Migration, sql } from 'kysely';
import { newId } from './ids';
import type { Logger } from './logger';

/** The lease table every service has: one row per thing exactly one replica must do. */
export interface LeaseTables {
  kit_leases: { name: string; holder: string; expires_at: Date };
}

export const leaseMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('kit_leases')
      .ifNotExists()
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('holder', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
      .execute();
  },
};

/** Takes or renews a lease; true while `holder` has it. The database clock decides expiry. */
export async function acquireLease(db: Kysely<any>, name: string, holder: string, ttlMs: number) {
  const row = await sql<{ holder: string }>`
    insert into kit_leases (name, holder, expires_at)
    values (${name}, ${holder}, now() + make_interval(secs => ${ttlMs / 1000}))
    on conflict (name) do update set holder = excluded.holder, expires_at = excluded.expires_at
      where kit_leases.holder = excluded.holder or kit_leases.expires_at < now()
    returning holder`.execute(db);
  return row.rows.length === 1;
}

export async function releaseLease(db: Kysely<any>, name: string, holder: string) {
  await db.deleteFrom('kit_leases').where('name', '=', name).where('holder', '=', holder).execute();
}

export interface Lease {
  readonly name: string;
  readonly holder: string;
  /** true while this replica holds the lease (as of its last renewal) */
  readonly held: boolean;
  stop(): Promise<void>;
}

export interface LeaseOptions {
  /** how long a lease lives without renewal: a dead holder is replaced after at most this */
  ttlMs?: number;
  /** called when this replica becomes the holder / stops being it */
  onAcquire?: () => void | Promise<void>;
  onLose?: () => void | Promise<void>;
}

/**
 * Leader election by lease row: every replica tries every ttl/3; the holder renews, the
 * others take over once it has expired. A replica that cannot renew in time (database
 * down, event loop stalled) gives the lease up locally before it can expire for the others,
 * so two replicas never both believe they hold it for longer than a renewal round.
 */
export function keepLease(db: Kysely<any>, name: string, logger: Logger, opts: LeaseOptions = {}): Lease {
  const ttl = opts.ttlMs ?? 6_000;
  const holder = `${name}-${newId()}`;
  let held = false;
  let heldUntil = 0;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let inflight: Promise<void> | undefined;

  const setHeld = async (next: boolean) => {
    if (next === held) return;
    held = next;
    logger.info({ lease: name, holder }, next ? 'lease taken' : 'lease lost');
    await Promise.resolve(next ? opts.onAcquire?.() : opts.onLose?.()).catch((err) =>
      logger.error({ err, lease: name }, 'lease callback failed'),
    );
  };
  const round = async () => {
    const started = Date.now();
    try {
      const ok = await acquireLease(db, name, holder, ttl);
      if (ok) heldUntil = started + ttl;
      await setHeld(ok);
    } catch (err) {
      logger.warn({ err, lease: name }, 'lease renewal failed');
      if (Date.now() > heldUntil - ttl / 3) await setHeld(false);
    }
  };
  const loop = () => {
    if (stopped) return;
    inflight = round().finally(() => {
      inflight = undefined;
      if (!stopped) timer = setTimeout(loop, Math.max(200, ttl / 3));
    });
  };
  loop();
  return {
    name,
    holder,
    get held() {
      return held && Date.now() < heldUntil;
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await inflight;
      if (held) {
        await setHeld(false);
        await releaseLease(db, name, holder).catch(() => {});
      }
    },
  };
}

/**
 * The lease of a process that is the only replica there can be (the embedded mode: one
 * process opens the PGlite data folder). It is held from the start until `stop`, with no
 * renewal in the database: an idle platform does not write a lease row every two seconds.
 */
export function soleLease(name: string, logger: Logger, opts: LeaseOptions = {}): Lease {
  const holder = `${name}-${newId()}`;
  let held = true;
  const taken = Promise.resolve(opts.onAcquire?.()).catch((err) =>
    logger.error({ err, lease: name }, 'lease callback failed'),
  );
  return {
    name,
    holder,
    get held() {
      return held;
    },
    async stop() {
      if (!held) return;
      held = false;
      await taken;
      await Promise.resolve(opts.onLose?.()).catch((err) =>
        logger.error({ err, lease: name }, 'lease callback failed'),
      );
    },
  };
}

export interface EveryOptions {
  /** run only on the replica holding the job's lease (work that must happen once in a cluster) */
  leader?: boolean;
  /** run once right away instead of after the first interval */
  immediately?: boolean;
}

/**
 * Periodic work, one shape for all of it: never overlaps itself, logs and survives a
 * failed run, does not keep the process alive, and stops with the service.
 */
export function every(
  name: string,
  ms: number,
  fn: () => Promise<unknown> | unknown,
  deps: { logger: Logger; lease?: () => boolean },
  opts: EveryOptions = {},
): { stop(): Promise<void>; runNow(): Promise<void> } {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running: Promise<void> | undefined;
  const run = (): Promise<void> => {
    if (running) return running;
    if (deps.lease && !deps.lease()) return Promise.resolve();
    running = Promise.resolve()
      .then(fn)
      .then(
        () => {},
        (err) => deps.logger.warn({ err, job: name }, 'job run failed'),
      )
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(async () => {
      await run();
      schedule();
    }, ms);
    timer.unref();
  };
  if (opts.immediately) void run().then(schedule);
  else schedule();
  return {
    runNow: run,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
