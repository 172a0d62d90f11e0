import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Cache,
  defineService,
  handleOnce,
  Revocations,
  type RunningService,
  recordEvent,
  SESSION_CHECK_UNAVAILABLE,
  startService,
  TokenVerifier,
  Type,
} from '../src';
import { eventually, type TestInfrastructure, testInfrastructure } from '../src/testing';

interface DB {
  notes: { id: string; text: string };
}

const notesService = defineService<DB, Record<string, never>>({
  name: 'notes',
  migrations: {
    '0001_notes': {
      async up(db: Kysely<any>) {
        await db.schema
          .createTable('notes')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('text', 'text', (c) => c.notNull())
          .execute();
      },
    },
  },
  routes: [
    {
      kind: 'route' as const,
      name: 'the test calls',
      register(app, ctx) {
        app.post(
          '/api/v1/notes',
          {
            config: { auth: 'user' },
            schema: {
              body: Type.Object(
                { id: Type.String({ pattern: '^[0-9a-f]{24}$' }), text: Type.String({ minLength: 1 }) },
                { additionalProperties: false },
              ),
            },
          },
          async (req, reply) => {
            const body = req.body as { id: string; text: string };
            await ctx.tx(async (trx) => {
              await trx.insertInto('notes').values(body).execute();
              await recordEvent(trx, 'notes.created', body);
            });
            return reply.status(201).send({ msg: 'created' });
          },
        );
        app.get('/api/v1/notes/reader', { config: { auth: 'optional' } }, async (req) => ({
          reader: req.user?.id ?? null,
        }));
        app.get('/api/v1/admin/notes', { config: { auth: 'admin' } }, async () => ({
          notes: await ctx.db.selectFrom('notes').selectAll().execute(),
        }));
      },
    },
  ],
});

for (const kind of ['cluster', 'embedded'] as const) {
  describe(`service runtime (${kind})`, () => {
    let infra: TestInfrastructure;
    let svc: RunningService<DB>;
    const seen: string[] = [];
    beforeAll(async () => {
      infra = await testInfrastructure({ kind });
      svc = await startService(notesService, infra);
      await infra.bus.consume({
        durable: 'watcher',
        subjects: ['notes.*'],
        handler: async (e) => {
          await handleOnce(svc.ctx.db, 'watcher', e.id, async () => {
            seen.push((e.data as { id: string }).id);
          });
        },
      });
    });
    afterAll(async () => {
      await svc?.stop();
      await infra?.close();
    });

    it('answers health, readiness and a JSON 404', async () => {
      expect((await svc.app.inject('/healthz')).json()).toMatchObject({ status: 'ok' });
      expect((await svc.app.inject('/readyz')).statusCode).toBe(200);
      const nf = await svc.app.inject('/api/v1/nope');
      expect(nf.statusCode).toBe(404);
      expect(nf.json().msg).toMatch(/Route not found/);
    });

    it('refuses missing, tampered and wrong-role tokens', async () => {
      expect((await svc.app.inject({ method: 'POST', url: '/api/v1/notes', payload: {} })).statusCode).toBe(
        401,
      );
      const token = await infra.token();
      const bad = await svc.app.inject({
        method: 'GET',
        url: '/api/v1/admin/notes',
        headers: { authorization: `Bearer ${token}x` },
      });
      expect(bad.statusCode).toBe(401);
      const forbidden = await svc.app.inject({
        method: 'GET',
        url: '/api/v1/admin/notes',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json().msg).toBe('Admin access required');
    });

    it('lets an optional route be read anonymously, but never with a bad token', async () => {
      const read = (headers = {}) => svc.app.inject({ method: 'GET', url: '/api/v1/notes/reader', headers });
      expect((await read()).json()).toEqual({ reader: null });
      const user = { id: '0123456789abcdef01234567', role: 'user' as const };
      const token = await infra.token(user);
      expect((await read({ authorization: `Bearer ${token}` })).json()).toEqual({ reader: user.id });
      const bad = await read({ authorization: `Bearer ${token}x` });
      expect(bad.statusCode).toBe(401);
      expect(bad.json().msg).toBe('Not authorized: invalid token');
    });

    it('answers 503, not 401, when the revocation list cannot be read', async () => {
      const down = { get: async () => Promise.reject(new Error('down')) } as unknown as Cache;
      const verifier = await TokenVerifier.create(infra.keys.publicKeyPem, 'bet-platform', {
        revocations: new Revocations(down),
      });
      const blind = await startService(notesService, { ...infra, verifier });
      try {
        for (const url of ['/api/v1/notes/reader', '/api/v1/admin/notes']) {
          const res = await blind.app.inject({
            method: 'GET',
            url,
            headers: { authorization: `Bearer ${await infra.token()}` },
          });
          expect(res.statusCode).toBe(503);
          expect(res.json().msg).toBe(SESSION_CHECK_UNAVAILABLE);
        }
      } finally {
        await blind.stop();
      }
    });

    it('answers schema failures with msg and one error per field, writing nothing', async () => {
      const token = await infra.token();
      const res = await svc.app.inject({
        method: 'POST',
        url: '/api/v1/notes',
        headers: { authorization: `Bearer ${token}` },
        payload: { id: 'xyz', role: 'admin' },
      });
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['id', 'role', 'text']);
      expect(body.msg).toBe(body.errors[0].msg);
      expect(await svc.ctx.db.selectFrom('notes').selectAll().execute()).toEqual([]);
    });

    it('writes state and its event together and delivers the event once', async () => {
      const token = await infra.token();
      const id = 'a'.repeat(24);
      const res = await svc.app.inject({
        method: 'POST',
        url: '/api/v1/notes',
        headers: { authorization: `Bearer ${token}` },
        payload: { id, text: 'hi' },
      });
      expect(res.statusCode).toBe(201);
      await eventually(() => seen.includes(id));
      // a replay of the whole outbox is absorbed by the inbox
      await svc.ctx.relay.replaySince(new Date(Date.now() - 60_000));
      // a later note is a barrier: events reach the consumer in order, so the replayed ones came first
      const later = 'b'.repeat(24);
      await svc.app.inject({
        method: 'POST',
        url: '/api/v1/notes',
        headers: { authorization: `Bearer ${token}` },
        payload: { id: later, text: 'barrier' },
      });
      await eventually(() => seen.includes(later));
      expect(seen.filter((s) => s === id)).toHaveLength(1);
    });

    it('publishes an event whose writer never nudged the relay: the poll finds it', async () => {
      const id = 'd'.repeat(24);
      // a plain transaction, not ctx.tx: nothing asks the relay for a pass after it commits
      await svc.ctx.db
        .transaction()
        .execute((trx) => recordEvent(trx, 'notes.created', { id, text: 'quiet' }));
      await eventually(() => seen.includes(id), 5_000);
    });

    it('keeps published events for a replay only where the bus forgets them (embedded)', async () => {
      const token = await infra.token();
      const id = 'c'.repeat(24);
      await svc.app.inject({
        method: 'POST',
        url: '/api/v1/notes',
        headers: { authorization: `Bearer ${token}` },
        payload: { id, text: 'kept?' },
      });
      await eventually(() => seen.includes(id));
      const rows = await svc.ctx.db
        .selectFrom('outbox')
        .select(['published_at'])
        .where(sql`data->>'id'`, '=', id)
        .execute();
      // JetStream holds an acked event durably: its row went with the transaction that published it
      if (kind === 'cluster') expect(rows).toEqual([]);
      else expect(rows).toEqual([{ published_at: expect.any(Date) }]);
    });
  });
}
