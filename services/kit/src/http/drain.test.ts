import { Agent, request } from 'node:http';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { eventually } from '../testing';
import { drainOnClose } from './drain';

/** A GET over a keep-alive agent, as undici or a proxy pool would send it. */
function get(url: string, agent: Agent): Promise<{ status: number; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('drainOnClose', () => {
  it('lets close() end as soon as the requests in flight are answered, keep-alive or not', async () => {
    const app = Fastify();
    drainOnClose(app);
    // requests held until the test lets them go: in flight for as long as it takes
    let arrived = 0;
    let release = () => {};
    let gate = Promise.resolve();
    app.get('/slow', async () => {
      arrived++;
      await gate;
      return { ok: true };
    });
    // (after drainOnClose's own hook) the requests are answered once the close has begun
    app.addHook('preClose', (done) => {
      release();
      done();
    });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    const agent = new Agent({ keepAlive: true, maxSockets: 10 });
    // warm keep-alive connections, then requests in flight when the close starts
    await Promise.all(Array.from({ length: 5 }, () => get(`${url}/slow`, agent)));
    gate = new Promise<void>((r) => {
      release = r;
    });
    arrived = 0;
    const inflight = Array.from({ length: 5 }, () => get(`${url}/slow`, agent));
    await eventually(() => arrived === 5);
    const started = Date.now();
    await app.close();
    const took = Date.now() - started;
    const answers = await Promise.all(inflight);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers.every((a) => a.connection === 'close')).toBe(true);
    // without the sweep close() waits for the 72 s keep-alive timeout of those connections
    expect(took).toBeLessThan(2_000);
    agent.destroy();
  });
});
