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

/** Inserts events into the outbox (one statement); the relay publishes them with this trace. */
export async function writeOutbox(trx: Kysely<any>, events: EventEnvelope<unknown>[]): Promise<void> {
  if (events.length === 0) return;
  await trx
    .insertInto('outbox')
    .values(
      events.map((e) => ({
        id: e.id,
        subject: e.subject,
        version: e.version,
        occurred_at: new Date(e.occurredAt),
        data: JSON.stringify(e.data),
      })),
    )
    .execute();
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

  constructor(
    private readonly db: Kysely<any>,
    private readonly bus: EventBus,
    private readonly logger: Logger,
    private readonly opts: { pollMs?: number; batch?: number; keepPublishedMs?: number } = {},
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
    const tick = () => {
      if (this.stopped) return;
      this.nudge();
      this.timer = setTimeout(tick, this.opts.pollMs ?? 1_000);
    };
    tick();
  }

  /** Asks for a publish pass soon (after a commit that wrote events). */
  nudge() {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.pass()
      .catch((err) => this.logger.warn({ err }, 'outbox relay pass failed'))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.nudge();
        }
      });
  }

  /** Publishes until the outbox is empty; returns how many events went out. */
  async flush(): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await this.publishBatch();
      total += n;
      if (n === 0) return total;
    }
  }

  private async pass() {
    // a short batch emptied the outbox: asking again would be an empty transaction per pass
    // (three round trips on the hot path); a commit meanwhile nudges another pass anyway
    const batch = this.opts.batch ?? 200;
    while (!this.stopped && (await this.publishBatch()) >= batch) {}
    await this.prune();
  }

  private async publishBatch(): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('outbox')
        .selectAll()
        .where('published_at', 'is', null)
        .orderBy('seq')
        .limit(this.opts.batch ?? 200)
        .forUpdate()
        .skipLocked()
        .execute();
      if (rows.length === 0) return 0;
      // sent in order on one connection; waiting for the acks together, not one by one
      await Promise.all(rows.map((row) => this.bus.publish(rowToEnvelope(row))));
      await trx
        .updateTable('outbox')
        .set({ published_at: new Date() })
        .where(
          'seq',
          'in',
          rows.map((r) => r.seq),
        )
        .execute();
      return rows.length;
    });
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
   * Publishes again what went out in the last `windowMs`. The embedded bus lives in memory,
   * so events published just before a crash may not have reached their consumers; their
   * inboxes make the replay harmless.
   */
  async replayRecent(windowMs: number) {
    const rows = await this.db
      .selectFrom('outbox')
      .selectAll()
      .where('published_at', '>', new Date(Date.now() - windowMs))
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
export async function claimInbox(trx: Kysely<any>, consumer: string, eventIds: string[]): Promise<Set<string>> {
  if (eventIds.length === 0) return new Set();
  const rows = await trx
    .insertInto('inbox')
    .values(eventIds.map((event_id) => ({ consumer, event_id })))
    .onConflict((oc) => oc.doNothing())
    .returning('event_id')
    .execute();
  return new Set(rows.map((r) => r.event_id as string));
}
