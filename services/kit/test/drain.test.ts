import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { createServer, defineService, generateAuthKeys, startService, TokenVerifier } from '../src';
import { type TestInfrastructure, testInfrastructure } from '../src/testing';

// A replica leaving (SIGTERM, a rolling update): /readyz fails first while requests are
// still answered, for DRAIN_SECONDS, so a load balancer's health check takes it out before
// the listener closes under a request (the 503s of a plain restart).
const tiny = defineService<object, Record<string, never>>({
  name: 'drainer',
  migrations: {},
  routes: [
    {
      kind: 'route' as const,
      name: 'ping',
      register(app) {
        app.get('/api/v1/ping', { config: { auth: 'public' } }, async () => ({ ok: true }));
      },
    },
  ],
});

describe('draining on stop', () => {
  let infra: TestInfrastructure;
  afterAll(async () => {
    await infra?.close();
  });

  it('answers /readyz 503 and still serves requests for DRAIN_SECONDS, then closes', async () => {
    infra = await testInfrastructure();
    const svc = await startService(tiny, infra, { env: { DRAIN_SECONDS: '1.5' } });
    expect((await fetch(`${svc.url}/readyz`)).status).toBe(200);
    const started = Date.now();
    const stopping = svc.stop();
    // time is what is tested: a moment into the drain, not ready but still serving
    await new Promise((r) => setTimeout(r, 300));
    const ready = await fetch(`${svc.url}/readyz`);
    expect(ready.status).toBe(503);
    expect((await ready.json()).checks.serving).toBe(false);
    expect((await fetch(`${svc.url}/api/v1/ping`)).status).toBe(200);
    await stopping;
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_400);
    await expect(fetch(`${svc.url}/api/v1/ping`)).rejects.toThrow();
  });
});

// Probes come every second from the load balancer and every few from Kubernetes: at info
// their request lines drowned the log. Only their warnings and errors are logged now.
describe('probe requests in the log', () => {
  it('leave their request lines out of the info log, while other requests stay', async () => {
    const lines: Array<{ level: number; url?: string; req?: { url: string } }> = [];
    const logger = pino({ level: 'info' }, { write: (l: string) => lines.push(JSON.parse(l)) });
    const keys = await generateAuthKeys();
    const verifier = await TokenVerifier.create(keys.publicKeyPem, 'bet-platform');
    const app = await createServer({ name: 'probes', logger: logger as never, verifier });
    app.get('/api/v1/thing', { config: { auth: 'public' } }, async () => ({ ok: true }));
    for (const url of ['/healthz', '/readyz', '/metrics', '/api/v1/thing']) await app.inject({ url });
    await app.close();
    const urls = lines.map((l) => l.req?.url).filter(Boolean);
    expect(urls).toContain('/api/v1/thing');
    for (const probe of ['/healthz', '/readyz', '/metrics']) expect(urls).not.toContain(probe);
  });
});
