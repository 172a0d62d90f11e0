import { type TestInfrastructure, testInfrastructure } from '@bet/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETIRED_BRIDGE_DURABLE } from '../src/realtime/sockets';
import { startGateway } from './helpers';

describe('a gateway started where an older one bridged through the shared durable', () => {
  let infra: TestInfrastructure;
  let gw: Awaited<ReturnType<typeof startGateway>> | undefined;
  beforeAll(async () => {
    infra = await testInfrastructure();
  });
  afterAll(async () => {
    await gw?.close();
    await infra?.close();
  });

  it('retires the durable the older gateway left on the stream', async () => {
    // what a gateway before gateway-002's revision made: one consumer per bridged subject
    const old = await infra.bus.consume({
      durable: RETIRED_BRIDGE_DURABLE,
      subjects: ['bets.settled', 'wallet.balance_updated'],
      handler: async () => {},
    });
    await old.stop();
    gw = await startGateway(infra, { upstreams: {} });
    expect(await infra.bus.retire(RETIRED_BRIDGE_DURABLE)).toBe(0);
  });
});
