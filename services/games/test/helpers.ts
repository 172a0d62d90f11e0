import { type EventEnvelope, type RunningService, startService } from '@bet/kit';
import { eventually, type TestInfrastructure, testInfrastructure } from '@bet/kit/testing';
import { eventsBySubject, validate } from '@bet/proto-events';
import type { GamesDB } from '../src/db/schema';
import { gamesService } from '../src/index';

export interface GamesHarness {
  infra: TestInfrastructure;
  svc: RunningService<GamesDB>;
  adminToken: string;
  adminId: string;
  userToken: string;
  /** every games.* event seen on the real bus, in order */
  seen: EventEnvelope[];
  /** events on the bus whose payload breaks their catalogue schema (must stay empty) */
  invalid: string[];
  api(method: string, url: string, body?: unknown, token?: string): Promise<{ status: number; body: any }>;
  /** waits until every event the service has written so far has reached `seen` (nothing more is on its way) */
  drained(): Promise<void>;
  close(): Promise<void>;
}

export async function startGames(
  opts: { kind?: 'cluster' | 'embedded'; env?: Record<string, string | undefined> } = {},
): Promise<GamesHarness> {
  // `drained` reads the outbox as the record of every event written
  const infra = await testInfrastructure({
    kind: opts.kind,
    env: { GAMES_PROVIDER: 'none', OUTBOX_KEEP_HOURS: '24', ...opts.env },
  });
  const svc = await startService(gamesService, infra);
  const adminId = 'ad'.repeat(12);
  const adminToken = await infra.token({ id: adminId, role: 'admin', username: 'boss' });
  const userToken = await infra.token({ role: 'user', username: 'punter' });
  const seen: EventEnvelope[] = [];
  const invalid: string[] = [];
  await infra.bus.consume({
    durable: `watch-${Math.random().toString(36).slice(2, 8)}`,
    subjects: ['games.>'],
    handler: async (e) => {
      const schema = eventsBySubject.get(e.subject)?.schema;
      const errors = schema ? validate(schema, e.data) : [`unknown subject ${e.subject}`];
      if (errors.length > 0) invalid.push(`${e.subject}: ${errors.join('; ')}`);
      seen.push(e);
    },
  });
  return {
    infra,
    svc,
    adminToken,
    adminId,
    userToken,
    seen,
    invalid,
    async api(method, url, body, token) {
      const res = await svc.app.inject({
        method: method as any,
        url: `/api/v1${url}`,
        ...(body !== undefined ? { payload: body as any } : {}),
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      let parsed: any;
      try {
        parsed = res.json();
      } catch {
        parsed = res.body;
      }
      return { status: res.statusCode, body: parsed };
    },
    async drained() {
      await svc.ctx.relay.flush();
      const written = await svc.ctx.db.selectFrom('outbox').select('id').execute();
      await eventually(() => {
        const arrived = new Set(seen.map((e) => e.id));
        return written.every((r) => arrived.has(r.id));
      });
    },
    async close() {
      await svc.stop();
      await infra.close();
    },
  };
}

export const past = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
export const future = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
