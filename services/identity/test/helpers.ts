import type { EventEnvelope, RunningService } from '@bet/kit';
import { startService } from '@bet/kit';
import { eventually, type TestInfrastructure, testInfrastructure } from '@bet/kit/testing';
import { eventsBySubject, validate } from '@bet/proto-events';
import type { IdentityDB } from '../src/db/schema';
import type { ManualClock } from '../src/domain/clock';
import { identityService } from '../src/index';

export interface Harness {
  infra: TestInfrastructure;
  svc: RunningService<IdentityDB>;
  /** every user.* event seen on the bus, each already checked against its catalogue schema */
  events: EventEnvelope<any>[];
  /** events that did not match their schema (a test asserts this stays empty) */
  invalidEvents: string[];
  call(opts: {
    method: string;
    url: string;
    token?: string;
    payload?: unknown;
    headers?: Record<string, string>;
    ip?: string;
  }): Promise<{
    statusCode: number;
    json(): any;
    headers: Record<string, any>;
    body: string;
    rawPayload: Buffer;
  }>;
  stop(): Promise<void>;
}

export async function startIdentity(
  opts: { kind?: 'cluster' | 'embedded'; env?: Record<string, string>; clock?: ManualClock } = {},
): Promise<Harness> {
  const infra = await testInfrastructure({
    kind: opts.kind ?? 'cluster',
    env: { PUBLIC_URL: 'http://bet.test', ...opts.env },
  });
  const clock = opts.clock;
  // the service reads time through the kit's clock (milliseconds); the suites step a Date clock
  const svc = await startService(
    identityService,
    infra,
    clock && { clock: { now: () => clock.now().getTime() } },
  );
  const events: EventEnvelope<any>[] = [];
  const invalidEvents: string[] = [];
  const sub = await infra.bus.consume({
    durable: 'identity-test-watch',
    subjects: ['user.>'],
    handler: async (e) => {
      const def = eventsBySubject.get(e.subject);
      const problems = def ? validate(def.schema, e.data) : [`${e.subject} is not in the catalogue`];
      if (problems.length > 0) invalidEvents.push(`${e.subject}: ${problems.join('; ')}`);
      events.push(e);
    },
  });
  return {
    infra,
    svc,
    events,
    invalidEvents,
    call: async ({ method, url, token, payload, headers, ip }) =>
      svc.app.inject({
        method: method as any,
        url,
        payload: payload as any,
        remoteAddress: ip ?? '198.51.100.1',
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      }) as any,
    async stop() {
      await sub.stop();
      await svc.stop();
      await infra.close();
    },
  };
}

let seq = 0;
/** distinct, valid registration data */
export function newPlayer(
  overrides: Partial<Record<'username' | 'email' | 'password' | 'firstName' | 'lastName', string>> = {},
) {
  seq++;
  const tag = `${Date.now().toString(36)}${seq}`;
  return {
    username: `p_${tag}`,
    email: `p_${tag}@example.com`,
    password: 'correct-horse-battery',
    firstName: 'Ada',
    lastName: 'Obi',
    ...overrides,
  };
}

export async function registerPlayer(h: Harness, overrides: Parameters<typeof newPlayer>[0] = {}) {
  const body = newPlayer(overrides);
  const res = await h.call({ method: 'POST', url: '/api/v1/auth/register', payload: body });
  if (res.statusCode !== 201) throw new Error(`registration failed: ${res.statusCode} ${res.body}`);
  const json = res.json();
  return {
    ...body,
    id: json.user._id as string,
    accessToken: json.accessToken as string,
    refreshToken: json.refreshToken as string,
    user: json.user,
  };
}

/** an administrator made through ADMIN_EMAIL at start: sign in as them */
export async function loginAs(h: Harness, email: string, password: string) {
  const res = await h.call({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json() as { accessToken: string; refreshToken: string; user: { _id: string; role: string } };
}

/** `eventually` that hands back the found value without its "maybe" */
export async function waitFor<T>(check: () => T | Promise<T>, timeoutMs?: number): Promise<NonNullable<T>> {
  return (await eventually(check as () => Promise<NonNullable<T> | undefined>, timeoutMs)) as NonNullable<T>;
}

/** the status a refresh with this token gets: 200 while its session lives */
export async function refreshStatus(h: Harness, token: string) {
  return (await h.call({ method: 'POST', url: '/api/v1/auth/refresh-token', payload: { token } })).statusCode;
}

/** the status a sign-in gets */
export async function loginStatus(h: Harness, email: string, password: string) {
  return (await h.call({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password } }))
    .statusCode;
}
