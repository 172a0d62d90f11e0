/**
 * Under stress, nothing lost (issue 37, target 5). A cluster with `--replicas` of betting,
 * wallet and the gateway (identity and games once), on its OWN nats-server and redis-server
 * (private ports: the machine's shared NATS and Redis are never touched) and the machine's
 * Postgres, takes bets at `--rate` a second for `--minutes` (open loop: a bet is sent every
 * 1/rate s whatever the answers, at most `--in-flight` outstanding; the players round-robin over
 * the gateways) while
 *   - every `--kill-every` seconds a random service process (any replica of any service, the
 *     gateways included) is killed with SIGKILL and a successor started on its port,
 *   - NATS is restarted once (at 35 % of the run) and Redis once (at 65 %),
 *   - every `--settle-every` seconds the oldest of `--games` open games is decided and a new one
 *     opened, so payouts happen under the chaos too.
 * Then every game left is decided and the verdict taken (infra/test/chaos-cluster.ts, shared
 * with infra/test/chaos.test.ts): every accepted bet on its player's statement and decided, every
 * balance what the bets say (no money moved twice), and both reconciliations (the wallet's
 * ledger `reconcile`, `reconcile-platform`) clean. It prints accepted, refused (4xx, by reason)
 * and failed (5xx, no answer) counts, p50/p99, throughput per minute and the verdict, and exits 1
 * if anything is lost or paid twice.
 *
 *   node --import tsx bench/chaos-soak.ts [--minutes 5] [--rate 75] [--replicas 2] [--kill-every 30]
 *       [--in-flight 64] [--players 40] [--games 8] [--settle-every 10]
 *
 * The processes run from their sources through tsx, as the chaos test and `npm run cluster` run
 * them. Their output goes to test-results/chaos-soak/.
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { REPO_ROOT } from '../infra/src/defaults';
import {
  callVia,
  clean,
  gameDesk,
  startChaosCluster,
  verdict,
  verdictLine,
} from '../infra/test/chaos-cluster';
import { fundedPlayers, waitFor } from '../infra/test/helpers';
import { percentile } from './betting-stack';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '5' },
    rate: { type: 'string', default: '75' },
    replicas: { type: 'string', default: '2' },
    'kill-every': { type: 'string', default: '30' },
    'in-flight': { type: 'string', default: '64' },
    players: { type: 'string', default: '40' },
    games: { type: 'string', default: '8' },
    'settle-every': { type: 'string', default: '10' },
  },
});
const SECONDS = Number(values.minutes) * 60;
const RATE = Number(values.rate);
const REPLICAS = Number(values.replicas);
const KILL_EVERY = Number(values['kill-every']);
const IN_FLIGHT = Number(values['in-flight']);
const PLAYERS = Number(values.players);
const GAMES = Number(values.games);
const SETTLE_EVERY = Number(values['settle-every']);
const STAKE = 1;
// enough for every bet a player can place in the run
const FUNDED = Math.max(1_000, Math.ceil(((SECONDS * RATE) / PLAYERS) * STAKE * 2));

const startedAt = Date.now();
const clock = () => `${((Date.now() - startedAt) / 1000).toFixed(0)} s`;
console.log(
  `chaos soak: ${REPLICAS} replicas of betting, wallet and gateway; ${RATE} bets/s for ${SECONDS / 60} min (at most ${IN_FLIGHT} in flight), ${PLAYERS} players; a random service process SIGKILLed every ${KILL_EVERY} s; NATS and Redis restarted once each`,
);
const cluster = await startChaosCluster({
  replicas: REPLICAS,
  // the soak measures the platform, not the per-client limit (each player is one client)
  gatewayEnv: { RATE_LIMIT_MAX: '1000000000' },
});
let exitCode = 1;
try {
  console.log(`cluster ready in ${clock()}: ${cluster.procs.map((p) => p.name).join(', ')}`);
  let rr = 0;
  // each call through the next gateway in turn, as a load balancer would
  const call = callVia(() => cluster.gateways[rr++ % cluster.gateways.length]);
  const desk = gameDesk(call, cluster.admin);
  const players = await fundedPlayers(call, cluster.admin, { count: PLAYERS, amount: FUNDED, prefix: 's' });
  const open: string[] = [];
  for (let i = 0; i < GAMES; i++) open.push(await desk.open());
  await waitFor(
    async () => {
      // every gateway's betting replica knows the last game
      for (let i = 0; i < cluster.gateways.length; i++) {
        const r = await call(
          'POST',
          '/bets/share',
          { betType: 'single', selections: [{ gameId: open.at(-1), outcome: 'A' }] },
          players[0].token,
          players[0].client,
        );
        if (r.status !== 201) return false;
      }
      return true;
    },
    30_000,
    () => 'the games never reached betting',
  );
  console.log(`${PLAYERS} players funded with $${FUNDED} each and ${GAMES} games open at ${clock()}`);

  // the load: open loop, one bet every 1/RATE s
  const accepted = new Set<string>();
  const refused = new Map<string, number>();
  const failed = new Map<string, number>();
  let sent = 0;
  let notSent = 0;
  let inFlight = 0;
  const latencies: number[] = [];
  const acceptedLatencies: number[] = [];
  const perMinute: number[] = [];
  const settledGames: string[] = [];
  const problems: string[] = [];
  const events: string[] = [];
  const count = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);
  const began = performance.now();
  const beganAt = Date.now();
  const second = () => (Date.now() - beganAt) / 1000;
  const outcomes = ['A', 'Draw', 'B'];
  const pending = new Set<Promise<void>>();
  const bet = async (i: number) => {
    const p = players[i % players.length];
    const gameId = open[Math.floor(Math.random() * open.length)];
    const t0 = performance.now();
    const r = await call(
      'POST',
      '/bets/singles',
      { stakePerBet: STAKE, selections: [{ gameId, outcome: outcomes[Math.floor(Math.random() * 3)] }] },
      p.token,
      p.client,
    ).catch((err) => ({ status: 0, body: (err as Error).name }));
    const ms = performance.now() - t0;
    if (r.status === 201) {
      for (const b of r.body.bets) accepted.add(b._id);
      acceptedLatencies.push(ms);
      const minute = Math.floor((performance.now() - began) / 60_000);
      perMinute[minute] = (perMinute[minute] ?? 0) + 1;
    } else if (r.status >= 400 && r.status < 500)
      count(refused, `${r.status} ${r.body?.code ?? r.body?.msg}`);
    else
      count(failed, r.status === 0 ? `no answer (${r.body})` : `${r.status} ${r.body?.code ?? r.body?.msg}`);
    if (r.status > 0) latencies.push(ms);
  };
  const loading = (async () => {
    const interval = 1000 / RATE;
    let next = began;
    const until = began + SECONDS * 1000;
    for (let i = 0; next < until; ) {
      while (next <= performance.now() && next < until) {
        next += interval;
        if (inFlight >= IN_FLIGHT) {
          notSent++;
          continue;
        }
        sent++;
        inFlight++;
        const done: Promise<void> = bet(i++).finally(() => {
          inFlight--;
          pending.delete(done);
        });
        pending.add(done);
      }
      // the schedule: the next bet's moment
      await new Promise((res) => setTimeout(res, Math.max(1, next - performance.now())));
    }
    await Promise.all(pending);
  })();

  // games decided as the load goes, each replaced by a new one
  let going = true;
  const settling = (async () => {
    for (let n = 0; going; n++) {
      // time is the scenario: a game decided every SETTLE_EVERY s
      await new Promise((res) => setTimeout(res, SETTLE_EVERY * 1000));
      if (!going) break;
      const gameId = open[0];
      open.push(await desk.open());
      open.shift();
      const r = await desk.decide(gameId, (['A', 'Draw', 'B'] as const)[n % 3]);
      if (r.status !== 200) problems.push(`settling ${gameId}: ${r.status} ${JSON.stringify(r.body)}`);
      settledGames.push(gameId);
    }
  })();

  // the faults, each at its moment; a kill waits for its successor to be ready
  const faults: Array<{ at: number; what: () => Promise<string> }> = [];
  for (let t = KILL_EVERY; t < SECONDS; t += KILL_EVERY)
    faults.push({
      at: t,
      what: async () => {
        const victim = cluster.procs[Math.floor(Math.random() * cluster.procs.length)];
        const port = new URL(victim.url).port;
        await cluster.killAndRestart(victim);
        return `${victim.name} :${port} SIGKILL`;
      },
    });
  faults.push({
    at: Math.round(SECONDS * 0.35),
    what: async () => {
      await cluster.restartNats();
      return 'NATS restarted';
    },
  });
  faults.push({
    at: Math.round(SECONDS * 0.65),
    what: async () => {
      await cluster.restartRedis();
      return 'Redis restarted';
    },
  });
  // each at its own moment, whatever the others are doing (a kill may come while another
  // process is still starting)
  await Promise.all(
    faults.map(async (f) => {
      await new Promise((res) => setTimeout(res, Math.max(0, beganAt + f.at * 1000 - Date.now())));
      const t0 = Date.now();
      const at = second();
      const what = await f.what();
      const line = `${what} at ${at.toFixed(0)} s, back after ${((Date.now() - t0) / 1000).toFixed(1)} s`;
      events.push(line);
      console.log(`  ${line}; ${accepted.size} accepted so far`);
    }),
  );
  await loading;
  const loadSeconds = (performance.now() - began) / 1000;
  going = false;
  await settling;
  for (const gameId of open.splice(0)) {
    const r = await desk.decide(gameId, 'A');
    if (r.status !== 200) problems.push(`settling ${gameId}: ${r.status} ${JSON.stringify(r.body)}`);
    settledGames.push(gameId);
  }
  console.log(`load over at ${clock()}; every game decided; taking the verdict`);
  const restStarted = Date.now();
  const v = await verdict({
    call,
    databaseUrl: cluster.databaseUrl,
    players,
    funded: FUNDED,
    accepted,
    timeoutMs: 300_000,
  });

  latencies.sort((a, b) => a - b);
  acceptedLatencies.sort((a, b) => a - b);
  const sum = (m: Map<string, number>) => [...m.values()].reduce((s, n) => s + n, 0);
  const list = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .map(([k, n]) => `${n}× ${k}`)
      .join(', ');
  console.log(
    [
      '',
      `bets sent ${sent} in ${loadSeconds.toFixed(0)} s (${(sent / loadSeconds).toFixed(1)}/s; ${notSent} not sent, ${IN_FLIGHT} already in flight)`,
      `accepted ${accepted.size} (${(accepted.size / loadSeconds).toFixed(1)}/s)`,
      `refused  ${sum(refused)}${refused.size ? ` (${list(refused)})` : ''}`,
      `failed   ${sum(failed)}${failed.size ? ` (${list(failed)})` : ''}`,
      `latency of every answer: p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms, max ${(latencies.at(-1) ?? 0).toFixed(0)} ms; of the accepted: p50 ${percentile(acceptedLatencies, 50).toFixed(0)} ms, p99 ${percentile(acceptedLatencies, 99).toFixed(0)} ms`,
      `accepted per minute: ${Array.from(perMinute, (n) => n ?? 0).join(', ')}`,
      `games decided ${settledGames.length}; bets on the players' statements ${v.betsSeen}`,
      `faults: ${events.length} (${events.filter((e) => e.includes('SIGKILL')).length} SIGKILLs)`,
      `at rest ${((Date.now() - restStarted) / 1000).toFixed(0)} s after the load`,
      ...(problems.length ? [`problems: ${problems.join('; ')}`] : []),
      `verdict: ${verdictLine(v)}`,
      `verdict: ${v.lost.length} lost, ${[...v.drift.values()].filter((d) => d !== 0).length} paid twice or short; ${clean(v) && !problems.length ? 'CLEAN' : 'NOT CLEAN'}`,
    ].join('\n'),
  );
  if (v.problem) console.log(v.problem);
  if (v.platform.code !== 0) console.log(v.platform.output);
  if (v.ledger.code !== 0) console.log(v.ledger.output);
  exitCode = clean(v) && !problems.length ? 0 : 1;
} finally {
  await cluster.stop(join(REPO_ROOT, 'test-results', 'chaos-soak'));
}
process.exit(exitCode);
