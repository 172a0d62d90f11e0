import { createGateway, type Gateway, loadGatewayConfig } from '@bet/gateway';
import { eventually } from '@bet/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, record } from '../../gateway/test/helpers';
import { msToReach } from '../../services/aviator/src/domain/multiplier';
import { api, latest, liftOff, player, roundWhere, type Stack, startStack } from './stack';

/**
 * Issue 10: the Aviator page is public. Visitors without a token get the round live from the
 * real aviator service through the real gateway (state, ticks, crash, the cash-out feed), and
 * nothing private of anyone reaches their socket.
 */
let s: Stack;
let gateway: Gateway & { url: string };
beforeAll(async () => {
  s = await startStack();
  gateway = (await createGateway({
    config: loadGatewayConfig({ ...s.infra.env }),
    logger: s.infra.logger,
    verifier: s.infra.verifier,
    bus: s.infra.bus,
    cache: s.infra.cache,
    redis: null,
    upstreams: { aviator: s.aviator.url, wallet: s.wallet.url, betting: s.betting.url },
  })) as Gateway & { url: string };
  await gateway.listen(0, '127.0.0.1');
}, 60_000);
afterAll(async () => {
  await gateway?.close();
  await s?.close();
});

describe('Aviator for visitors, through the gateway', () => {
  it('streams the round to an anonymous socket, and nobody’s private events', async () => {
    const visitor = await connect(gateway.url);
    const p = await player(s, 100);
    const mine = await connect(gateway.url, { token: p.auth.authorization.slice('Bearer '.length) });
    try {
      const seen = record(visitor);
      const own = record(mine);
      mine.emit('joinUserRoom', p.id);
      const round = await roundWhere(s, (c) => c > 150);
      // the public state over HTTP, without a token
      const state = await fetch(`${gateway.url}/api/v1/aviator/state`);
      expect(state.status).toBe(200);
      expect(await state.json()).toMatchObject({ state: 'betting', roundId: round.id });

      const placed = await api(s.aviator, 'POST', '/api/v1/aviator/place-bet', p.auth, {
        stake: 10,
        autoCashOut: 1.4,
      });
      expect(placed.status).toBe(201);
      const running = await liftOff(s, round);
      s.clock.set(running.started_at.getTime() + msToReach(145));
      // the flight's ticks reach the visitor while the plane climbs
      await eventually(() => seen.of('aviator:tick').length > 0, 10_000);
      s.clock.set(running.started_at.getTime() + msToReach(Number(round.crash_point) + 5));
      await eventually(async () => (await latest(s.aviator)).state === 'crashed', 10_000);
      // (on a loaded machine the next round may already be over too: look for ours)
      await eventually(() => seen.of('aviator:crash').some((e) => e.roundId === round.id), 10_000);

      expect(seen.of('aviator:state').map((e) => e.state)).toEqual(
        expect.arrayContaining(['running', 'crashed']),
      );
      expect(seen.of('aviator:tick').length).toBeGreaterThan(0);
      expect(seen.of('aviator:crash').find((e) => e.roundId === round.id)).toMatchObject({
        roundId: round.id,
        multiplier: Number(round.crash_point) / 100,
        hash: round.hash,
      });
      // the player's own money moves reach the player…
      await eventually(() => own.of('balance_updated').some((e) => e.type === 'aviator_win'), 10_000);
      // …and nothing private reaches the visitor
      const publicNames = new Set([
        'aviator:state',
        'aviator:tick',
        'aviator:crash',
        // the All bets list, as public as GET /aviator/state's bets (issue 35)
        'aviator:bet',
        'new_game',
        'gameUpdate',
      ]);
      expect(seen.events.map((e) => e.event).filter((n) => !publicNames.has(n))).toEqual([]);
    } finally {
      visitor.close();
      mine.close();
    }
  });
});
