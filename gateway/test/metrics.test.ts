import { type TestInfrastructure, testInfrastructure } from '@bet/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEchoServices, startGateway } from './helpers';

/**
 * Issue 30 item 7: /metrics (about 480 KB with per-route admin traffic) and /openapi.json were
 * public and unthrottled. Metrics now live on an internal listener (METRICS_PORT), throttled;
 * the API description counts against its own per-address limit.
 */
describe('metrics and the API description at the edge', () => {
  let infra: TestInfrastructure;
  let echo: Awaited<ReturnType<typeof startEchoServices>>;
  let gw: Awaited<ReturnType<typeof startGateway>>;

  beforeAll(async () => {
    infra = await testInfrastructure({ kind: 'embedded' });
    echo = await startEchoServices(infra, ['games']);
    gw = await startGateway(infra, {
      upstreams: echo.upstreams,
      env: { METRICS_RATE_LIMIT_MAX: '3', OPENAPI_RATE_LIMIT_MAX: '2' },
    });
  });
  afterAll(async () => {
    await gw?.close();
    await echo?.stop();
    await infra?.close();
  });

  it('does not serve metrics on the public port', async () => {
    const res = await fetch(`${gw.url}/metrics`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ msg: 'Route not found: GET /metrics' });
  });

  it('serves them on the internal listener, throttled per address', async () => {
    expect(gw.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(gw.metricsUrl).not.toBe(gw.url);
    await fetch(`${gw.url}/api/v1/games`);
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${gw.metricsUrl}/metrics`);
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text).toMatch(/^http_requests_total\{service="gateway"/m);
      // the release the gateway runs (APP_VERSION, APP_COMMIT: set by the image)
      expect(text).toMatch(/^build_info\{service="gateway",version="[^"]+",commit="[^"]+"\} 1$/m);
    }
    const over = await fetch(`${gw.metricsUrl}/metrics`);
    expect(over.status).toBe(429);
    expect((await over.json()).msg).toMatch(/Too many requests/);
    // the internal listener serves nothing else
    expect((await fetch(`${gw.metricsUrl}/api/v1/games`)).status).toBe(404);
  });

  it('throttles /openapi.json per address', async () => {
    for (let i = 0; i < 2; i++) expect((await fetch(`${gw.url}/openapi.json`)).status).toBe(200);
    const over = await fetch(`${gw.url}/openapi.json`);
    expect(over.status).toBe(429);
    expect((await over.json()).msg).toMatch(/Too many requests/);
  });
});
