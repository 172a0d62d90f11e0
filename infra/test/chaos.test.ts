import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/defaults';
import {
  type ChaosCluster,
  callVia,
  gameDesk,
  startChaosCluster,
  verdict,
  verdictLine,
} from './chaos-cluster';
import { fundedPlayers, waitFor } from './helpers';

// Chaos in cluster mode, on real servers: bets placed and games settled at a steady rate while
// the wallet, betting and the gateway are each killed with SIGKILL and started again, and NATS
// and Redis are restarted once. NATS and Redis are this test's own servers (own ports, own
// JetStream folder), so restarting them disturbs no other test; Postgres is the machine's.
// At the end: every accepted bet is there and decided, no money moved twice (each player's
// balance is exactly what their bets say), and both reconciliations come out clean.
// (bench/chaos-soak.ts runs the same cluster, two of each, for minutes at a rate.)
const STAKE = 1;
const FUNDED = 1_000;
const PLAYERS = 6;
const LOAD_SECONDS = 36;

describe('chaos: services killed and backing servers restarted under steady betting (cluster mode)', () => {
  let cluster: ChaosCluster;

  beforeAll(async () => {
    cluster = await startChaosCluster();
  }, 240_000);

  afterAll(async () => {
    // every process's output, for whoever reads a failure
    await cluster?.stop(join(REPO_ROOT, 'test-results', 'chaos'));
  }, 60_000);

  // async: while the gateway is being replaced there is none, and that must be a failed call
  const call = callVia(() => cluster.gateways[0]);
  const byName = (name: string) => cluster.procs.find((p) => p.name === name)!;

  it('loses no accepted bet and pays nothing twice; both reconciliations come out clean', async () => {
    const desk = gameDesk(call, cluster.admin);
    // players registered, signed in and funded through the gateway
    const players = await fundedPlayers(call, cluster.admin, { count: PLAYERS, amount: FUNDED, prefix: 'c' });
    const open: string[] = [];
    for (let i = 0; i < 4; i++) open.push(await desk.open());
    await waitFor(
      async () =>
        (
          await call(
            'POST',
            '/bets/share',
            { betType: 'single', selections: [{ gameId: open[3], outcome: 'A' }] },
            players[0].token,
            players[0].client,
          )
        ).status === 201,
      20_000,
      () => 'the games never reached betting',
    );

    const statuses = new Map<string, number>();
    const accepted = new Set<string>();
    const settledGames: string[] = [];
    const problems: string[] = [];
    let going = true;
    const placing = (async () => {
      const outcomes = ['A', 'Draw', 'B'];
      for (let i = 0; going; i++) {
        const p = players[i % players.length];
        const gameId = open[Math.floor(Math.random() * open.length)];
        const r = await call(
          'POST',
          '/bets/singles',
          { stakePerBet: STAKE, selections: [{ gameId, outcome: outcomes[i % 3] }] },
          p.token,
          p.client,
        ).catch(() => ({ status: 0, body: null }));
        const key = r.status === 0 ? 'no answer' : String(r.status);
        statuses.set(key, (statuses.get(key) ?? 0) + 1);
        if (r.status === 201) for (const b of r.body.bets) accepted.add(b._id);
        // time is the scenario: a steady stream of bets under the faults
        await new Promise((res) => setTimeout(res, 60));
      }
    })();
    // every few seconds a game is decided and a new one opens in its place (time is the scenario)
    const settling = (async () => {
      for (let n = 0; going; n++) {
        await new Promise((res) => setTimeout(res, 4_000));
        if (!going) break;
        const gameId = open.shift()!;
        const r = await desk.decide(gameId, (['A', 'Draw', 'B'] as const)[n % 3]);
        if (r.status !== 200) problems.push(`settling ${gameId}: ${r.status} ${JSON.stringify(r.body)}`);
        settledGames.push(gameId);
        open.push(await desk.open());
      }
    })();

    const events: string[] = [];
    const began = Date.now();
    console.log(`chaos: load began at ${new Date(began).toISOString()}`);
    /** a fault at its second of the load: the schedule is the scenario (time is what is tested) */
    const at = async (second: number, what: string, act: () => Promise<unknown>) => {
      await new Promise((res) => setTimeout(res, Math.max(0, began + second * 1000 - Date.now())));
      const t0 = Date.now();
      await act();
      events.push(`${what} at ${second}s (back after ${((Date.now() - t0) / 1000).toFixed(1)} s)`);
    };
    await at(3, 'wallet SIGKILL', () => cluster.killAndRestart(byName('wallet')));
    await at(9, 'betting SIGKILL', () => cluster.killAndRestart(byName('betting')));
    await at(15, 'gateway SIGKILL', () => cluster.killAndRestart(byName('gateway')));
    await at(21, 'NATS restarted', () => cluster.restartNats());
    await at(28, 'Redis restarted', () => cluster.restartRedis());
    // the load runs its full LOAD_SECONDS (time is the scenario)
    await new Promise((res) => setTimeout(res, Math.max(0, began + LOAD_SECONDS * 1000 - Date.now())));
    going = false;
    await Promise.all([placing, settling]);

    // every game still open is decided too, so every bet must end won or lost
    for (const gameId of open.splice(0)) {
      const r = await desk.decide(gameId, 'A');
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      settledGames.push(gameId);
    }

    const v = await verdict({ call, databaseUrl: cluster.databaseUrl, players, funded: FUNDED, accepted });
    console.log(
      [
        `chaos: ${accepted.size} bets accepted (answers: ${[...statuses].map(([s, n]) => `${n}×${s}`).join(', ')}), ${v.betsSeen} bets on the players' statements, ${settledGames.length} games settled`,
        `chaos: ${events.join('; ')}`,
        `chaos: ${verdictLine(v)}`,
      ].join('\n'),
    );
    // where the events stopped (process logs are in test-results/chaos)
    expect(v.problem).toBeUndefined();
    expect(problems).toEqual([]);
    expect(v.lost).toEqual([]);
    expect([...v.drift.values()].filter((d) => d !== 0)).toEqual([]);
    expect(accepted.size).toBeGreaterThan(50);
    expect(v.platform.code, v.platform.output).toBe(0);
    expect(v.ledger.code, v.ledger.output).toBe(0);
  }, 360_000);
});
