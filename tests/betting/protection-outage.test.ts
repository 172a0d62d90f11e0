/**
 * Issue 30 item 3, the chaos test: betting's database refuses every connection for longer than
 * a consumer's back-off (10 deliveries take about 33 s), and exactly then the player
 * self-excludes. The self-exclusion must wait the outage out, not be dropped: once the
 * database is back, the player's sportsbook bet and Aviator stake (betting.reserve_stake) are
 * refused.
 *
 * PROTECTION_OUTAGE_SECONDS sets the length of the cut (40 by default: past the back-off).
 */
import { newId } from '@bet/kit';
import { eventually } from '@bet/kit/testing';
import { BettingReserveStake, type EventData, UserUpdated } from '@bet/proto-events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CuttableProxy, throughProxy } from '../support/cuttable-proxy';
import { api, game, player, type Stack, startStack } from './stack';

const OUTAGE_MS = Number(process.env.PROTECTION_OUTAGE_SECONDS ?? 40) * 1000;

let s: Stack;
const proxy = new CuttableProxy();
beforeAll(async () => {
  await proxy.start();
  s = await startStack({}, { bettingDatabaseUrl: (real) => throughProxy(proxy, real) });
}, 60_000);
afterAll(async () => {
  proxy.up();
  await s?.close();
  await proxy.close();
});

describe('a self-exclusion during an outage of the betting database', () => {
  it(
    `is applied after ${OUTAGE_MS / 1000} s without a database: the next bet and Aviator stake are refused`,
    async () => {
      const g = await game(s);
      const p = await player(s, 50);
      const bet = () =>
        api(s.betting, 'POST', '/api/v1/bets/singles', p.auth, {
          stakePerBet: 1,
          selections: [{ gameId: g._id, outcome: 'A' }],
        });
      expect((await bet()).status).toBe(201);

      proxy.down();
      const now = new Date();
      const data: EventData<typeof UserUpdated> = {
        userId: p.id,
        username: p.username,
        email: `${p.username}@example.com`,
        firstName: 'Test',
        lastName: 'Player',
        state: null,
        profilePicture: null,
        limits: { weeklyBetCount: { limit: 0 }, weeklyStakeAmount: { limit: 0 } },
        protection: {
          exclusion: {
            kind: 'self_exclusion',
            startedAt: now.toISOString(),
            until: new Date(now.getTime() + 180 * 86_400_000).toISOString(),
          },
          depositLimits: { daily: { limit: 0 }, weekly: { limit: 0 }, monthly: { limit: 0 } },
          realityCheckMinutes: 0,
        },
      };
      await s.infra.bus.publish({
        id: newId(),
        subject: UserUpdated.subject,
        version: 1,
        occurredAt: now.toISOString(),
        data,
      });
      // time is what is tested: the event must outlast a cut longer than its back-off
      await new Promise((r) => setTimeout(r, OUTAGE_MS));
      proxy.up();

      // redelivered within one back-off step (10 s) of the database's return
      await eventually(
        async () => {
          const u = await s.betting.ctx.db
            .selectFrom('users' as any)
            .select('excluded_until')
            .where('id', '=', p.id)
            .executeTakeFirst()
            .catch(() => undefined);
          return (u as { excluded_until: Date | null } | undefined)?.excluded_until != null;
        },
        30_000,
        250,
      );
      const refused = await bet();
      expect(refused.status, JSON.stringify(refused.body)).toBe(403);
      expect(refused.body.msg).toMatch(/on a break from betting/);
      const aviator = await s.infra.bus.request(
        BettingReserveStake.subject,
        { reference: newId(), userId: p.id, username: p.username, stakeCents: 100, source: 'aviator' },
        { timeoutMs: 10_000 },
      );
      expect(aviator).toMatchObject({ ok: false, reason: 'excluded' });
    },
    OUTAGE_MS + 120_000,
  );
});
