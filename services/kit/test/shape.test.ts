import { UserDeleted, WalletBalance } from '@bet/proto-events';
import { Type } from '@sinclair/typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  defineService,
  newId,
  parts,
  type RunningService,
  recordEvents,
  type ServiceContext,
  startService,
} from '../src';
import { eventually, type TestInfrastructure, testInfrastructure } from '../src/testing';

interface ProbeDB {
  seen: { user_id: string };
}
interface ProbeParts {
  greeting: string;
  runs: { job: number };
}
type Ctx = ServiceContext<ProbeDB, { PROBE_JOB_MS: number }> & ProbeParts;
const { route, consumer, responder, job } = parts<Ctx>();

// a service with every part the shape has: context, route, consumer, responder, leader job
const probe = defineService<ProbeDB, { PROBE_JOB_MS: ReturnType<typeof Type.Integer> }, ProbeParts>({
  name: 'probe',
  config: { PROBE_JOB_MS: Type.Integer({ default: 50 }) },
  migrations: {
    '0001_seen': {
      async up(db) {
        await db.schema
          .createTable('seen')
          .addColumn('user_id', 'text', (c) => c.notNull())
          .execute();
      },
    },
  },
  context: (_kit, overrides) => ({ greeting: overrides.greeting ?? 'hello', runs: { job: 0 } }),
  routes: [
    route('GET /api/v1/probe', (app, ctx) => {
      app.get('/api/v1/probe', { config: { auth: 'public' } }, async () => ({ greeting: ctx.greeting }));
    }),
  ],
  consumers: [
    consumer({
      durable: 'probe-users',
      events: [UserDeleted],
      async handle(_ctx, event, { trx }) {
        // typed by the catalogue: a typo in a field name would not compile
        await trx!.insertInto('seen').values({ user_id: event.data.userId }).execute();
      },
    }),
    responder(WalletBalance, async (_ctx, req) => ({ userId: req.userId, balanceCents: 4200 })),
  ],
  jobs: [
    job({
      name: 'probe-job',
      everyMs: (ctx) => ctx.config.PROBE_JOB_MS,
      leader: true,
      run: (ctx) => {
        ctx.runs.job++;
      },
    }),
  ],
});

describe('the service shape (real Postgres and NATS)', () => {
  let infra: TestInfrastructure;
  let a: RunningService<ProbeDB>;
  let b: RunningService<ProbeDB>;
  const ctxOf = (s: RunningService<ProbeDB>) => s.ctx as unknown as Ctx;

  beforeAll(async () => {
    infra = await testInfrastructure();
    a = await startService(probe, infra, { overrides: { greeting: 'overridden' } });
    b = await startService(probe, infra);
  });
  afterAll(async () => {
    await b?.stop();
    await a?.stop();
    await infra?.close();
  });

  it('builds the context once and lets tests override its objects', async () => {
    const res = await a.app.inject({ method: 'GET', url: '/api/v1/probe' });
    expect(res.json()).toEqual({ greeting: 'overridden' });
    const other = await b.app.inject({ method: 'GET', url: '/api/v1/probe' });
    expect(other.json()).toEqual({ greeting: 'hello' });
  });

  it('hands consumers typed, validated events once, whichever replica gets them', async () => {
    const userId = newId();
    // the same event twice (a redelivery) and one that breaks the catalogue schema
    const [event] = await a.ctx.tx((trx) =>
      recordEvents(trx, UserDeleted, [{ data: { userId, deletedBy: null } }]),
    );
    await infra.bus.publish({ ...event!, id: event!.id });
    await expect(
      a.ctx.tx((trx) => recordEvents(trx, UserDeleted, [{ data: { userId: 'nope' } as never }])),
    ).rejects.toThrow(/catalogue schema/);
    await eventually(async () => {
      const rows = await a.ctx.db.selectFrom('seen').selectAll().where('user_id', '=', userId).execute();
      return rows.length === 1;
    });
    // a sentinel behind the duplicate: once it is handled, the duplicate has been seen too
    const sentinel = newId();
    await a.ctx.tx((trx) =>
      recordEvents(trx, UserDeleted, [{ data: { userId: sentinel, deletedBy: null } }]),
    );
    await eventually(async () => {
      const rows = await a.ctx.db.selectFrom('seen').selectAll().where('user_id', '=', sentinel).execute();
      return rows.length === 1;
    });
    const rows = await a.ctx.db.selectFrom('seen').selectAll().where('user_id', '=', userId).execute();
    expect(rows).toHaveLength(1);
  });

  it('answers catalogue commands with checked requests and replies', async () => {
    const userId = newId();
    await expect(a.ctx.request(WalletBalance, { userId })).resolves.toEqual({ userId, balanceCents: 4200 });
    await expect(a.ctx.request(WalletBalance, { userId: 'bad' } as never)).rejects.toThrow(
      /catalogue schema/,
    );
  });

  it('runs a leader job on one replica at a time and hands it over when the leader stops', async () => {
    await eventually(() => ctxOf(a).runs.job + ctxOf(b).runs.job >= 5, 10_000);
    const leader = ctxOf(a).runs.job > 0 ? a : b;
    const follower = leader === a ? b : a;
    expect(ctxOf(follower).runs.job).toBe(0);
    await leader.stop();
    await eventually(() => ctxOf(follower).runs.job >= 3, 15_000);
  });
});
