import { connect } from '@nats-io/transport-node';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { metricsText, watchNats, watchRedis } from '../src';
import { eventually } from '../src/testing';

// The NATS and Redis client metrics of a service, on the machine's real NATS and Redis: up
// while connected, a forced reconnect and a closed client seen as such at the next scrape.

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const scrape = async () => (await metricsText()).body;
const value = (text: string, pattern: RegExp) => Number(text.match(pattern)?.[1] ?? Number.NaN);

describe('client metrics', () => {
  const closers: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const c of closers) await c().catch(() => {});
  });

  it('exports whether NATS is connected, its reconnects and its traffic', async () => {
    const nc = await connect({ servers: NATS_URL, maxReconnectAttempts: -1, reconnectTimeWait: 50 });
    closers.push(() => nc.close());
    watchNats('clientsnats', nc);
    nc.publish('client-metrics.test', 'hello');
    await nc.flush();
    let text = await scrape();
    expect(value(text, /nats_connected\{service="clientsnats"\} (\d+)/)).toBe(1);
    expect(value(text, /nats_client_traffic\{service="clientsnats",what="out_msgs"\} (\d+)/)).toBeGreaterThan(
      0,
    );

    await nc.reconnect();
    await eventually(async () => {
      text = await scrape();
      return (
        value(text, /nats_connection_events_total\{service="clientsnats",event="reconnect"\} (\d+)/) >= 1
      );
    });
    expect(
      value(text, /nats_connection_events_total\{service="clientsnats",event="disconnect"\} (\d+)/),
    ).toBe(1);
    expect(value(text, /nats_connected\{service="clientsnats"\} (\d+)/)).toBe(1);

    await nc.close();
    await eventually(async () => !(await scrape()).includes('nats_connected{service="clientsnats"}'));
  });

  it('exports whether each Redis client is ready, and counts its closes and errors', async () => {
    const r = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
    closers.push(async () => r.disconnect());
    watchRedis('clientsredis', 'cache', r);
    await r.ping();
    let text = await scrape();
    expect(value(text, /redis_connected\{service="clientsredis",client="cache"\} (\d+)/)).toBe(1);

    // the server drops the connection: the client sees the close and reconnects
    const id = await r.client('ID');
    const admin = new Redis(REDIS_URL);
    closers.push(async () => admin.disconnect());
    await admin.client('KILL', 'ID', String(id));
    await eventually(async () => {
      text = await scrape();
      return (
        value(
          text,
          /redis_connection_events_total\{service="clientsredis",client="cache",event="reconnecting"\} (\d+)/,
        ) >= 1
      );
    });
    expect(
      value(
        text,
        /redis_connection_events_total\{service="clientsredis",client="cache",event="close"\} (\d+)/,
      ),
    ).toBeGreaterThanOrEqual(1);
    await r.ping();
    expect(value(await scrape(), /redis_connected\{service="clientsredis",client="cache"\} (\d+)/)).toBe(1);

    r.disconnect();
    await eventually(
      async () =>
        value(await scrape(), /redis_connected\{service="clientsredis",client="cache"\} (\d+)/) === 0,
    );
  });
});
