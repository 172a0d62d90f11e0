import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Kysely, type Migration, sql } from 'kysely';
import { DomainError, type FieldError, HttpError } from '../errors';

/**
 * Client idempotency keys for requests that move money (api-conventions "Idempotency-Key"):
 * a retry with the same key and the same body answers what the first attempt answered and
 * never does the work twice; the same key with another body is refused. Keys belong to a
 * user, live `ttlMs`, and are written in the same transaction as the thing they placed (so a
 * crash cannot keep one without the other). The first attempt's answer is kept beside the key
 * once it is known; a retry that arrives before then waits for it, and one whose first attempt
 * never answered finally (a crash, a 5xx) is answered from the state of what was placed.
 */

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** a key: 1..255 visible ASCII characters (a UUID is what our web client sends) */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export interface IdempotencyTables {
  idempotency_keys: {
    user_id: string;
    key: string;
    request_hash: string;
    ref: string;
    status: number | null;
    body: string | null;
    created_at: Date;
  };
}

/** The table, for a service's own migration list (under that service's next number). */
export const idempotencyKeysMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('idempotency_keys')
      .ifNotExists()
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('request_hash', 'text', (c) => c.notNull())
      // what the key placed (a placement, a bet): how a retry finds its state
      .addColumn('ref', 'text', (c) => c.notNull())
      .addColumn('status', 'integer')
      .addColumn('body', 'text')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key'])
      .execute();
    await db.schema
      .createIndex('idempotency_keys_created')
      .ifNotExists()
      .on('idempotency_keys')
      .column('created_at')
      .execute();
  },
};

/** One request's key: who sent it, the key and what the request asked (its hash). */
export interface IdempotencyKey {
  readonly userId: string;
  readonly key: string;
  readonly hash: string;
  /** set by the use case once its transaction wrote the key: this request answers for it */
  claimed: boolean;
}

export interface StoredKey {
  ref: string;
  hash: string;
  status: number | null;
  body: string | null;
}

/** JSON with object keys sorted, so `{a,b}` and `{b,a}` are the same request. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object')
    return `{${Object.keys(v)
      .sort()
      .filter((k) => (v as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(v) ?? 'null';
}

export function requestHash(route: string, body: unknown): string {
  return createHash('sha256').update(route).update('\n').update(canonical(body)).digest('hex');
}

/**
 * The request's key, or undefined when it sent none (the header is optional). A malformed
 * key is a 400 naming the header.
 */
export function idempotencyKeyOf(
  headers: Record<string, string | string[] | undefined>,
  userId: string,
  route: string,
  body: unknown,
): IdempotencyKey | undefined {
  const raw = headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return undefined;
  const key = Array.isArray(raw) ? raw.join(',') : raw;
  if (!KEY_PATTERN.test(key)) {
    const msg = 'Idempotency-Key must be 1 to 255 visible ASCII characters';
    const errors: FieldError[] = [{ path: 'Idempotency-Key', location: 'headers', msg }];
    throw new HttpError(400, msg, errors);
  }
  return { userId, key, hash: requestHash(route, body), claimed: false };
}

export const KEY_REUSED = 'This Idempotency-Key was already used for a different request.';

/** The same key with a different request: refused, nothing done. */
export function keyReused(): DomainError {
  return new DomainError('idempotency_key_reused', KEY_REUSED);
}

/** The live row of a key (an expired one counts as none). */
export async function findKey(
  db: Kysely<any>,
  k: IdempotencyKey,
  ttlMs: number,
): Promise<StoredKey | undefined> {
  const r = await sql<StoredKey>`
    select ref, request_hash as hash, status, body from idempotency_keys
    where user_id = ${k.userId} and key = ${k.key}
      and created_at > now() - make_interval(secs => ${ttlMs / 1000})`.execute(db);
  return r.rows[0];
}

/**
 * Inside the use case's transaction, after the user's own lock (which serialises one user's
 * placements, so this read is exact): the key's live row, if any. An expired row is removed so
 * the key may be written again.
 */
export async function keyInTransaction(
  trx: Kysely<any>,
  k: IdempotencyKey,
  ttlMs: number,
): Promise<StoredKey | undefined> {
  await sql`delete from idempotency_keys where user_id = ${k.userId} and key = ${k.key}
    and created_at <= now() - make_interval(secs => ${ttlMs / 1000})`.execute(trx);
  return findKey(trx, k, ttlMs);
}

/** Writes keys with what they placed, in the transaction that placed it. */
export async function writeKeys(
  trx: Kysely<any>,
  rows: Array<{ k: IdempotencyKey; ref: string }>,
): Promise<void> {
  if (rows.length === 0) return;
  await trx
    .insertInto('idempotency_keys')
    .values(rows.map(({ k, ref }) => ({ user_id: k.userId, key: k.key, request_hash: k.hash, ref })))
    .execute();
}

/** Forgets the key of something refused with nothing done (a retry then tries afresh). */
export async function releaseKeyOf(trx: Kysely<any>, ref: string): Promise<void> {
  await trx.deleteFrom('idempotency_keys').where('ref', '=', ref).execute();
}

/** Keeps the first attempt's answer beside its key (only the attempt that wrote the key). */
export async function storeAnswer(
  db: Kysely<any>,
  k: IdempotencyKey,
  status: number,
  body: string,
): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({ status, body })
    .where('user_id', '=', k.userId)
    .where('key', '=', k.key)
    .where('request_hash', '=', k.hash)
    .execute();
}

/** Removes expired keys; returns how many. */
export async function sweepKeys(db: Kysely<any>, ttlMs: number): Promise<number> {
  const r = await sql`delete from idempotency_keys
    where created_at <= now() - make_interval(secs => ${ttlMs / 1000})`.execute(db);
  return Number(r.numAffectedRows ?? 0);
}

/** Thrown by a use case that found its key already written: the route answers as the first attempt. */
export class KeyReplay extends Error {
  override name = 'KeyReplay';
  constructor(readonly stored: StoredKey) {
    super('idempotency key already used');
  }
}

export interface Replayed {
  status: number;
  body: unknown;
}

/**
 * The first attempt's answer for a retry: waits (up to `waitMs`, the longest a first attempt
 * takes) for it to be stored; a final answer (not 5xx) is given as it was. Without one, `derive`
 * answers from the state of what the key placed (it may throw an HttpError/DomainError).
 */
export async function replay(
  db: Kysely<any>,
  k: IdempotencyKey,
  stored: StoredKey,
  opts: { ttlMs: number; waitMs: number; derive: (ref: string) => Promise<Replayed> },
): Promise<Replayed> {
  if (stored.hash !== k.hash) throw keyReused();
  const until = Date.now() + opts.waitMs;
  let row: StoredKey | undefined = stored;
  while (row && row.status === null && Date.now() < until) {
    await sleep(50);
    row = await findKey(db, k, opts.ttlMs);
  }
  if (row && row.status !== null && row.status < 500 && row.body !== null)
    return { status: row.status, body: JSON.parse(row.body) };
  return opts.derive(stored.ref);
}

export interface IdempotentRouteOptions {
  /** the route, e.g. `POST /api/v1/bets/singles` (part of the request's hash) */
  route: string;
  ttlMs: number;
  /** the longest a first attempt takes to answer: how long a retry waits for its answer */
  waitMs: number;
  /** the answer from the state of what the key placed, when no final answer was stored */
  derive: (ref: string) => Promise<Replayed>;
}

/**
 * A money route's idempotency: spread `onSend` into the route's options and call `handle` in
 * its handler with the use case. `run` gets the request's key (or none), passes it to the
 * use case (which writes it in its transaction and sets `claimed`) and returns the answer.
 */
export function idempotentRoute(db: Kysely<any>, opts: IdempotentRouteOptions) {
  const keys = new WeakMap<FastifyRequest, IdempotencyKey>();
  return {
    /** keeps the answer of the attempt that wrote the key, exactly as it was sent */
    onSend: async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      const k = keys.get(req);
      if (k?.claimed && typeof payload === 'string') {
        try {
          await storeAnswer(db, k, reply.statusCode, payload);
        } catch (err) {
          // a retry then answers from the state of what was placed
          req.log.warn({ err }, 'idempotency key answer not stored');
        }
      }
      return payload;
    },
    async handle(
      req: FastifyRequest,
      reply: FastifyReply,
      userId: string,
      run: (k: IdempotencyKey | undefined) => Promise<Replayed>,
    ): Promise<FastifyReply> {
      const k = idempotencyKeyOf(req.headers, userId, opts.route, req.body);
      const answer = async (r: Replayed, replayed: boolean) => {
        if (replayed) reply.header('idempotent-replayed', 'true');
        return reply.status(r.status).send(r.body);
      };
      if (!k) return answer(await run(undefined), false);
      const known = await findKey(db, k, opts.ttlMs);
      if (known) return answer(await replay(db, k, known, opts), true);
      keys.set(req, k);
      try {
        return answer(await run(k), false);
      } catch (err) {
        if (err instanceof KeyReplay) return answer(await replay(db, k, err.stored, opts), true);
        throw err;
      }
    },
  };
}
