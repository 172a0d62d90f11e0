import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort } from '../src/testing';

describe('freePort', () => {
  it("hands out distinct, bindable ports below the kernel's ephemeral range, in this worker's slice", async () => {
    const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
    expect(new Set(ports).size).toBe(20);
    const worker = Number(process.env.VITEST_POOL_ID ?? 0);
    expect(worker).toBeGreaterThan(0); // vitest tells each worker its id
    const base = 20_000 + (worker % 6) * 2_000;
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(base);
      expect(port).toBeLessThan(Math.min(base + 2_000, 32_768));
    }
    // and a child can bind what it was given
    const srv = createServer();
    await new Promise<void>((done) => srv.listen(ports[0], '127.0.0.1', done));
    await new Promise((done) => srv.close(done));
  });
});
