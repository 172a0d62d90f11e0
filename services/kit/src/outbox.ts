import { type Kysely, type Migration, sql } from 'kysely';
import type { EventBus, EventEnvelope } from './bus/types';
import { newId } from './ids';
import type { Logger } from './logger';
import { watchOutbox } from './observability/metrics';
import { rememberEventTrace } from './observability/tracing';

/**
 * Tables every service has: the outbox it publishes from, the inbox it de-duplicates with,
 * and the leases its replicas elect a leader with (`jobs.ts`).
 */
export interface OutboxTables {
  kit_leases: { name: string; holder: string; expires_at: Date };
  outbox: {
    seq: import('kysely').Generated<string>;
    id: string;
    subject: string;
    version: number;
    occurred_at: Date;
    data: unknown;
    published_at: Date | null;
  };
  inbox: {
    consumer: string;
    event_id: string;
    handled_at: import('kysely').Generated<Date>;
  };
}

export const outboxMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('outbox')
      .addColumn('seq', 'bigserial', (c) => c.primaryKey())
      .addColumn('id', 'text', (c) => c.notNull().unique())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('occurred_at', 'timestamptz', (c) => c.notNull())
      .addColumn('data', 'jsonb', (c) => c.notNull())
      .addColumn('published_at', 'timestamptz')
      .execute();
    await sql`create index outbox_unpublished on outbox (seq) where published_at is null`.execute(db);
    await db.schema
      .createTable('inbox')
      .addColumn('consumer', 'text', (c) => c.notNull())
      .addColumn('event_id', 'text', (c) => c.notNull())
      .addColumn('handled_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint('inbox_pk', ['consumer', 'event_id'])
      .execute();
  },
};

/**
 * Writes an event into the outbox inside the caller's transaction: the state change and
 * the announcement commit or roll back together. The relay publishes it afterwards.
 */
export async function recordEvent<T>(
  trx: Kysely<any>,
  subject: string,
  data: T,
  opts: { version?: number; id?: string } = {},
): Promise<EventEnvelope<T>> {
  const event: EventEnvelope<T> = {
    id: opts.id ?? newId(),
    subject,
    version: opts.version ?? 1,
    occurredAt: new Date().toISOString(),
    data,
  };
  await writeOutbox(trx, [event]);
  return event;
}

/**
 * Events this process has written into any outbox so far. A relay compares it before and
 * after a transaction (`afterCommit`) and between polls: a transaction that wrote no event
 * asks for no publish pass, and an idle relay does not read its outbox (embedded mode).
 */
let eventsWritten = 0;
export const outboxWrites = () => eventsWritten;

/**
 * Inserts events into the outbox in one statement; the relay publishes them with this trace.
 * The events travel as one JSON array parameter, whatever their number (a settlement batch
 * writes a thousand), and keep their order in `seq`.
 */
export async function writeOutbox(trx: Kysely<any>, events: EventEnvelope<unknown>[]): Promise<void> {
  if (events.length === 0) return;
  await sql`
    insert into outbox (id, subject, version, occurred_at, data)
    select e->>'id', e->>'subject', (e->>'version')::integer, (e->>'occurredAt')::timestamptz, e->'data'
    from jsonb_array_elements(cast(${JSON.stringify(events)} as jsonb)) with ordinality as t(e, n)
    order by n`.execute(trx);
  eventsWritten += events.length;
  // the relay publishes them later, outside this request: they carry this trace along
  for (const e of events) rememberEventTrace(e.id);
}

/**
 * Runs `fn` once per (consumer, event id): the inbox row and the effect commit together,
 * so a redelivered event is acknowledged without a second effect. Returns false for a duplicate.
 */
export async function handleOnce(
  db: Kysely<any>,
  consumer: string,
  eventId: string,
  fn: (trx: Kysely<any>) => Promise<void>,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('inbox')
      .values({ consumer, event_id: eventId })
      .onConflict((oc) => oc.doNothing())
      .returning('event_id')
      .executeTakeFirst();
    if (!inserted) return false;
    await fn(trx);
    return true;
  });
}

/** `update … returning` gives rows in no particular order; `seq` (bigint) may come as text. */
function compareSeq(a: string | number | bigint, b: string | number | bigint): number {
  const x = BigInt(a);
  const y = BigInt(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

function rowToEnvelope(row: Record<string, any>): EventEnvelope {
  return {
    id: row.id,
    subject: row.subject,
    version: row.version,
    occurredAt: new Date(row.occurred_at).toISOString(),
    data: typeof row.data === 'string' ? JSON.parse(row.data) : row.data,
  };
}

/**
 * Rows per relay transaction: a big settlement writes a thousand events per commit, and one
 * statement per thousand costs little more than per two hundred.
 */
const RELAY_BATCH = 1_000;

/**
 * Publishes outbox rows in order, with the event id as the bus's de-duplication key.
 * Several replicas may run a relay: `for update skip locked` gives each row to one of them,
 * and a crash between publish and mark only causes a duplicate the bus and inboxes drop.
 */
export class OutboxRelay {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private unwatch: (() => void) | undefined;
  /** `outboxWrites()` when the poll last read the outbox, and when */
  private lookedAtWrites = -1;
  private lookedAt = 0;
  private failed = false;

  constructor(
    private readonly db: Kysely<any>,
    private readonly bus: EventBus,
    private readonly logger: Logger,
    private readonly opts: {
      pollMs?: number;
      batch?: number;
      /**
       * Keep published rows (marked, pruned after `keepPublishedMs`) for `replaySince`: the
       * embedded bus lives in memory. Off, a row is deleted by the transaction that publishes
       * it: once JetStream has acked an event it holds it durably, and a row kept would cost a
       * second write of it (and of its indexes) now and a delete later.
       */
      keepPublished?: boolean;
      keepPublishedMs?: number;
      /**
       * How long the poll may go without reading the outbox while this process wrote no event
       * and no pass failed (default: every poll). In a cluster another replica may leave rows
       * behind, so the poll reads every time; in the embedded mode this process is the only
       * writer, so a quiet platform does not read seven outboxes a second.
       */
      lookEveryMs?: number;
    } = {},
  ) {}

  start() {
    this.stopped = false;
    const service = String(this.logger.bindings?.().service ?? 'unknown');
    this.unwatch = watchOutbox(service, async () => {
      const row = await this.db
        .selectFrom('outbox')
        .select((eb) => [eb.fn.countAll().as('n'), eb.fn.min('occurred_at').as('oldest')])
        .where('published_at', 'is', null)
        .executeTakeFirst();
      const oldest = row?.oldest ? new Date(row.oldest as string | Date).getTime() : undefined;
      return {
        backlog: Number(row?.n ?? 0),
        oldestAgeSeconds: oldest === undefined ? 0 : Math.max(0, (Date.now() - oldest) / 1000),
      };
    });
    // a commit that wrote events nudges a pass itself; the poll is for the rest (a pass that
    // failed, rows a crashed replica left behind), so it looks before it opens a transaction
    const pollMs = this.opts.pollMs ?? 1_000;
    const tick = () => {
      if (this.stopped) return;
      const written = outboxWrites();
      const due =
        this.failed ||
        written !== this.lookedAtWrites ||
        Date.now() - this.lookedAt >= (this.opts.lookEveryMs ?? pollMs);
      if (!this.running && due) {
        this.lookedAtWrites = written;
        this.lookedAt = Date.now();
        this.run(true);
      }
      this.timer = setTimeout(tick, pollMs);
    };
    tick();
  }

  /**
   * Runs `work` (a transaction) and asks for a publish pass after it only if events were
   * written meanwhile: the transaction's own, or a concurrent one's (a pass too many is harmless).
   */
  async afterCommit<T>(work: () => Promise<T>): Promise<T> {
    const before = outboxWrites();
    const result = await work();
    if (outboxWrites() !== before) this.nudge();
    return result;
  }

  /** Asks for a publish pass soon (after a commit that wrote events). */
  nudge() {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.run(false);
  }

  private run(lookFirst: boolean) {
    this.running = (lookFirst ? this.passIfWaiting() : this.pass())
      .then(
        () => {
          this.failed = false;
        },
        (err) => {
          this.failed = true;
          this.logger.warn({ err }, 'outbox relay pass failed');
        },
      )
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.nudge();
        }
      });
  }

  /**
   * One indexed read instead of a pass's four statements (begin, `set local`, the take, commit):
   * an idle platform polls every service's outbox once a second.
   */
  private async passIfWaiting() {
    const waiting = await this.db
      .selectFrom('outbox')
      .select('seq')
      .where('published_at', 'is', null)
      .limit(1)
      .executeTakeFirst();
    if (waiting) await this.pass();
    else await this.prune();
  }

  /** Publishes until the outbox is empty; returns how many events went out. */
  async flush(): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await this.publishBatch().done;
      total += n;
      if (n === 0) return total;
    }
  }

  private async pass() {
    // a short batch emptied the outbox: asking again would be an empty transaction per pass
    // (three round trips on the hot path); a commit meanwhile nudges another pass anyway.
    // A full batch lets the next one be selected and sent while its acks come back (two in
    // flight, a settlement writes thousands); the next is selected only once this one is sent,
    // so events still leave in outbox order.
    const size = this.opts.batch ?? RELAY_BATCH;
    let previous: Promise<number> = Promise.resolve(0);
    while (!this.stopped) {
      const batch = this.publishBatch();
      // a failure of either ends the pass (the rows stay unpublished for the next one)
      const [selected] = await Promise.all([batch.selected, previous]);
      previous = batch.done;
      if (selected < size) break;
    }
    await previous;
    await this.prune();
  }

  /**
   * One transaction: takes the next rows (marked published), publishes them and commits once
   * every ack is back. `selected` settles as soon as the rows are sent, with how many.
   */
  private publishBatch(): { selected: Promise<number>; done: Promise<number> } {
    let sent!: (n: number) => void;
    const whenSent = new Promise<number>((resolve) => {
      sent = resolve;
    });
    const done = this.db.transaction().execute(async (trx) => {
      // a burst (a settlement writes 100 000 rows in seconds) outruns the table's statistics:
      // the planner, expecting a few unpublished rows, read and sorted all of them per batch
      // instead of reading the first ones off the index (setting local to this transaction)
      await sql`set local enable_sort = off`.execute(trx);
      // taken (marked or deleted) and locked in one statement; that commits only once every
      // ack is back, a failed publish rolls it back. (A select `for update` then an update
      // cost Postgres 40 % more: each row was written twice.) `= any(array(…))`, not `in (…)`:
      // the planner joined `in` with a scan of the whole table, 19 ms a batch with 100 000
      // rows waiting instead of 2.4
      const next = sql`select seq from outbox where published_at is null
          order by seq limit ${this.opts.batch ?? RELAY_BATCH} for update skip locked`;
      const { rows } = await (this.opts.keepPublished === false
        ? sql<Record<string, any>>`delete from outbox where seq = any(array(${next})) returning *`
        : sql<Record<string, any>>`update outbox set published_at = ${new Date()}
              where seq = any(array(${next})) returning *`
      ).execute(trx);
      rows.sort((a, b) => compareSeq(a.seq, b.seq));
      // sent in order on one connection; waiting for the acks together, not one by one
      const acks = Promise.all(rows.map((row) => this.bus.publish(rowToEnvelope(row))));
      sent(rows.length);
      await acks;
      return rows.length;
    });
    // whoever awaits `done` sees its failure; this only keeps an unawaited one from going unhandled
    done.catch(() => {});
    return { selected: Promise.race([whenSent, done]), done };
  }

  private lastPrune = 0;
  private async prune() {
    const now = Date.now();
    if (now - this.lastPrune < 60_000) return;
    this.lastPrune = now;
    const keep = this.opts.keepPublishedMs ?? 24 * 3_600_000;
    await this.db
      .deleteFrom('outbox')
      .where('published_at', '<', new Date(now - keep))
      .execute();
  }

  /**
   * Publishes again, in order, every kept event that went out at or after `from`. The embedded
   * bus lives in memory, so events published just before a crash may not have reached their
   * consumers; their inboxes make the replay harmless. Without `keepPublished` there is nothing
   * to replay.
   */
  async replaySince(from: Date) {
    const rows = await this.db
      .selectFrom('outbox')
      .selectAll()
      .where('published_at', '>=', from)
      .orderBy('seq')
      .execute();
    for (const row of rows) {
      await this.bus.publish(rowToEnvelope(row));
    }
    return rows.length;
  }

  async stop() {
    this.stopped = true;
    this.unwatch?.();
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }
}

/**
 * The bulk form of `handleOnce`'s inbox row, inside the caller's transaction: claims
 * (consumer, event id) for every id and returns those not handled before. The rows commit or
 * roll back with the caller's effects.
 */
export async function claimInbox(
  trx: Kysely<any>,
  consumer: string,
  eventIds: string[],
): Promise<Set<string>> {
  if (eventIds.length === 0) return new Set();
  const rows = await trx
    .insertInto('inbox')
    .values(eventIds.map((event_id) => ({ consumer, event_id })))
    .onConflict((oc) => oc.doNothing())
    .returning('event_id')
    .execute();
  return new Set(rows.map((r) => r.event_id as string));
}
