/**
 * The scheduled cross-service reconciliation (infra/src/reconciliation/schedule.ts) against a
 * real betting and wallet on Postgres: it runs on its own, exports what it found on
 * GET /metrics for the ReconciliationDrift and ReconciliationNotRun alerts, and a wallet
 * movement that goes missing shows up at the next run.
 */
import { createLogger } from '@bet/kit';
import { eventually } from '@bet/kit/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openPlatformReconciliation,
  type PlatformReconciler,
  startPlatformReconciler,
} from '../../infra/src/reconciliation/schedule';
import { api, game, kickOff, player, result, type Stack, startStack, walletCaughtUp } from './stack';

let s: Stack;
let reconciler: PlatformReconciler | undefined;
beforeAll(async () => {
  s = await startStack();
}, 60_000);
afterAll(async () => {
  await reconciler?.close();
  await s?.close();
});

const scrape = async () => (await fetch(`${reconciler!.url}/metrics`)).text();
const violations = (text: string, check: string) =>
  Number(
    text.match(
      new RegExp(`reconciliation_violations\\{service="platform",check="${check}"\\} (\\d+)`),
    )?.[1] ?? Number.NaN,
  );

describe('the scheduled platform reconciliation', () => {
  it('runs by itself, exports every check, and sees a missing payout at its next run', async () => {
    const g = await game(s);
    const p = await player(s, 50);
    const placed = await api(s.betting, 'POST', '/api/v1/bets/singles', p.auth, {
      stakePerBet: 10,
      selections: [{ gameId: g._id, outcome: 'A' }],
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    await kickOff(s, g);
    expect((await result(s, g._id, 'A')).status).toBe(200);
    // settled by betting (the result reaches it as an event), then paid by the wallet
    await eventually(async () => {
      const bet = await s.betting.ctx.db
        .selectFrom('bets' as any)
        .select('status')
        .where('id', '=', placed.body.bets[0]._id)
        .executeTakeFirst();
      return (bet as { status?: string } | undefined)?.status === 'won' && (await walletCaughtUp(s));
    }, 20_000);

    const url = s.infra.databaseUrl!;
    const started = Date.now() / 1000;
    reconciler = await startPlatformReconciler({
      reconciliation: openPlatformReconciliation({ bettingUrl: url, walletUrl: url, aviatorUrl: url }, 0),
      everyMs: 300,
      port: 0,
      host: '127.0.0.1',
      logger: createLogger('reconciler-test', 'silent'),
    });
    await eventually(() => reconciler!.runs() >= 1, 20_000);
    let text = await scrape();
    const checks = [
      ...text.matchAll(/reconciliation_violations\{service="platform",check="([^"]+)"\} (\d+)/g),
    ];
    expect(checks.length).toBeGreaterThanOrEqual(3);
    for (const [, check, n] of checks) expect(Number(n), check).toBe(0);
    const lastRun = Number(
      text.match(/reconciliation_last_run_timestamp_seconds\{service="platform"\} ([\d.e+]+)/)?.[1],
    );
    expect(lastRun).toBeGreaterThanOrEqual(started);
    expect((await fetch(`${reconciler.url}/readyz`)).status).toBe(200);

    // the winner's payout vanishes from the ledger (an operator's bad hand edit)
    const runs = reconciler.runs();
    await sql`update wallet.transactions set idempotency_key = 'lost-by-hand:' || id
              where idempotency_key = ${`win:${placed.body.bets[0]._id}`}`.execute(s.wallet.ctx.db);
    await eventually(async () => {
      if (reconciler!.runs() <= runs) return false;
      text = await scrape();
      return violations(text, 'decided-bets-moved-money') === 1;
    }, 20_000);
    expect(violations(text, 'holds-belong-to-live-bets')).toBe(0);
  });
});
