/**
 * The wallet's database refuses every connection for a while (a failover, a network cut)
 * exactly while a game is settled. Money events must wait it out, not be dropped after a
 * few deliveries: once the database is back every winner is paid once, every loser's stake
 * released, and betting and the wallet reconcile (infra/src/reconciliation).
 *
 * OUTAGE_SECONDS sets the length of the cut (60 by default, as the issue asks).
 */
import { eventually } from '@bet/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPlatformReport } from '../../infra/src/reconciliation/checks';
import { reconcilePlatform } from '../../infra/src/reconciliation/read';
import { CuttableProxy } from '../support/cuttable-proxy';
import { api, balance, game, kickOff, player, result, type Stack, startStack } from './stack';

const OUTAGE_MS = Number(process.env.OUTAGE_SECONDS ?? 60) * 1000;

let s: Stack;
const proxy = new CuttableProxy();
beforeAll(async () => {
  await proxy.start();
  s = await startStack(
    {},
    {
      walletDatabaseUrl: (real) => {
        const u = new URL(real);
        proxy.target = { host: u.hostname, port: Number(u.port || 5432) };
        u.hostname = '127.0.0.1';
        u.port = String(proxy.port);
        return u.toString();
      },
    },
  );
}, 60_000);
afterAll(async () => {
  proxy.up();
  await s?.close();
  await proxy.close();
});

describe('a settlement during an outage of the wallet database', () => {
  it(
    `pays every winner once after ${OUTAGE_MS / 1000} s without a database, and reconciles`,
    async () => {
      const g = await game(s);
      const players = await Promise.all(Array.from({ length: 6 }, () => player(s, 50)));
      // three back the home side at 2.10, three the away side
      for (const [i, p] of players.entries()) {
        const placed = await api(s.betting, 'POST', '/api/v1/bets/singles', p.auth, {
          stakePerBet: 10,
          selections: [{ gameId: g._id, outcome: i < 3 ? 'A' : 'B' }],
        });
        expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      }
      await kickOff(s, g);

      proxy.down();
      const settled = await result(s, g._id, 'A');
      expect(settled.status).toBe(200);
      // time is what is tested: money events must outlast a cut this long, not be dropped
      await new Promise((r) => setTimeout(r, OUTAGE_MS));
      proxy.up();

      // winners: 50 - 10 + 21 = 61; losers: 40
      await eventually(
        async () => {
          const got = await Promise.all(players.map((p) => balance(s, p.auth).catch(() => -1)));
          return got.every((b, i) => b === (i < 3 ? 61 : 40));
        },
        60_000,
        250,
      );
      // and every loser's stake released: a lost event redelivered after the cut may still be
      // in its back-off (up to 10 s) when the balances, which it does not move, are right
      const reconciled = () => reconcilePlatform(s.betting.ctx.db, s.wallet.ctx.db, { graceMs: 0 });
      await eventually(async () => (await reconciled()).ok, 30_000, 250).catch(() => {});
      const report = await reconciled();
      expect(report.ok, formatPlatformReport(report)).toBe(true);
      const wallet = (await api(s.wallet, 'GET', '/api/v1/admin/wallet/reconcile', s.admin)).body;
      expect(wallet.ok, JSON.stringify(wallet.checks.filter((c: { ok: boolean }) => !c.ok))).toBe(true);
    },
    OUTAGE_MS + 180_000,
  );
});
