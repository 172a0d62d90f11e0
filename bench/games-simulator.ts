/**
 * Games simulator benchmark: 200 concurrent live matches, prices recomputed every
 * simulated minute, from kick-off to full time.
 *
 *   node --import tsx bench/games-simulator.ts            (real Postgres + NATS, the cluster path)
 *   BENCH_INFRA=embedded node --import tsx bench/games-simulator.ts   (PGlite + in-memory bus)
 *   BENCH_MATCHES=200 BENCH_BATCH=200 BENCH_SKIP_POLICY=1 …   (size; games per transaction
 *                                                          (SIMULATOR_BATCH); skip the policy run)
 *
 * Part 1 times the pure engine (match steps + in-play prices) alone. Part 2 drives the
 * service's own simulator adapter with a fake clock, one simulated minute per tick, so every
 * match advances a minute per tick and writes its state, match events and outbox rows,
 * while the outbox relay publishes to the bus in the background. Run 2a has a bet on every game (every price change
 * announced: odds updates every simulated minute); run 2b has none (the announcement policy
 * of domain/live.ts), to show what the policy saves. CPU is this process's (process.cpuUsage):
 * the service's work, not Postgres's.
 */

import { gamesService, SimulatorRunner } from '@bet/games';
import { newId, startService } from '@bet/kit';
import { testInfrastructure } from '@bet/kit/testing';
import { modelFor } from '../services/games/src/app/pricing';
import { squadOf } from '../services/games/src/domain/calendar';
import { LEAGUES } from '../services/games/src/domain/leagues';
import { advanceLive, DEFAULT_POLICY, type SimRecord } from '../services/games/src/domain/live';
import { MAX_MATCH_CLOCK, startMatch } from '../services/games/src/domain/match';
import { preMatchPrices } from '../services/games/src/domain/odds';
import { matchKey } from '../services/games/src/domain/rng';
import { gameToRow } from '../services/games/src/store/games';
import { insertInterest } from '../services/games/src/store/interest';

const BENCH_SECRET = '5eed'.repeat(8);

const MATCHES = Number(process.env.BENCH_MATCHES ?? 200);
const INFRA = (process.env.BENCH_INFRA ?? 'cluster') as 'cluster' | 'embedded';
const SPEED = 60; // one simulated minute per second of the fake clock

const teams = LEAGUES.flatMap((l) => l.teams.map((t) => ({ name: t.name, pool: l.names })));
const pair = (i: number) => [teams[(2 * i) % teams.length], teams[(2 * i + 1) % teams.length]] as const;
const fmt = (n: number, d = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });

function cpuSince(start: NodeJS.CpuUsage) {
  const u = process.cpuUsage(start);
  return (u.user + u.system) / 1000;
}

function engineOnly() {
  const lambdas = { home: 1.55, away: 1.15 };
  const margin = 0.06;
  let recs: SimRecord[] = Array.from({ length: MATCHES }, (_, i) => ({
    kickoffAt: 0,
    match: startMatch({
      lambdas,
      homeSquad: squadOf(pair(i)[0].name),
      awaySquad: squadOf(pair(i)[1].name),
      key: matchKey(BENCH_SECRET, String(i + 1)),
    }),
    oddsClock: 0,
    updateClock: 0,
  }));
  let announced = recs.map(() => preMatchPrices(lambdas, margin));
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  let matchEvents = 0;
  let prices = 0;
  let minutes = 0;
  for (let clock = 1; clock <= MAX_MATCH_CLOCK; clock++) {
    recs = recs.map((rec, i) => {
      const out = advanceLive({
        rec,
        targetClock: clock,
        announced: announced[i],
        adjusted: false,
        interested: true,
        margin,
        policy: DEFAULT_POLICY,
      });
      if (out.changed) minutes++;
      matchEvents += out.events.length;
      if (out.announce) {
        prices++;
        announced[i] = out.announce;
      }
      return out.rec;
    });
  }
  const wall = performance.now() - t0;
  const cpu = cpuSince(cpu0);
  console.log(`\n1. engine only: ${MATCHES} matches, ${fmt(minutes)} match-minutes played`);
  console.log(`   ${fmt(matchEvents)} match events, ${fmt(prices)} price announcements in ${fmt(wall)} ms`);
  console.log(
    `   ${fmt(minutes / (wall / 1000))} match-minutes/s, ${fmt((matchEvents + prices) / (wall / 1000))} events/s, CPU ${fmt(cpu)} ms (${fmt((100 * cpu) / wall)}% of one core)`,
  );
  announced = [];
}

async function serviceRun(label: string, everyGameBetOn: boolean) {
  const infra = await testInfrastructure({
    kind: INFRA,
    env: {
      GAMES_PROVIDER: 'none',
      SIMULATOR_SPEED: String(SPEED),
      SIMULATOR_BATCH: process.env.BENCH_BATCH ?? '200',
      LOG_LEVEL: 'silent',
    },
  });
  const svc = await startService(gamesService, infra);
  const ctx = svc.ctx as any;
  const kickoff = Date.parse('2026-06-01T12:00:00Z');
  const rows = Array.from({ length: MATCHES }, (_, i) => {
    const [home, away] = pair(i);
    const { lambdas, prices } = modelFor(new Map(), home.name, away.name, 0.06);
    return gameToRow({
      id: newId(),
      provider: 'simulator',
      providerId: `bench-${i}`,
      homeTeam: home.name,
      awayTeam: away.name,
      homeTeamLogo: null,
      awayTeamLogo: null,
      league: 'Bench League',
      matchDate: new Date(kickoff),
      status: 'upcoming',
      score: { home: 0, away: 0 },
      elapsed: null,
      result: null,
      odds: prices,
      base: prices,
      adjusted: null,
      priceSource: 'model',
      lambdas,
      sim: null,
      settledAt: null,
      cancelledAt: null,
    });
  });
  await ctx.db.insertInto('games').values(rows).execute();
  if (everyGameBetOn)
    await insertInterest(
      ctx.db,
      rows.map((r) => r.id),
      new Date(),
    );
  let published = 0;
  await infra.bus.consume({
    durable: 'bench-count',
    subjects: ['games.>'],
    handler: async () => void published++,
  });

  const clock = { now: kickoff };
  const runner = new SimulatorRunner(ctx, { clock: () => clock.now, calendar: false });
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  let ticks = 0;
  let events = 0;
  let maxLive = 0;
  for (;;) {
    const s = await runner.tick();
    ticks++;
    events += s.events;
    const live = await ctx.db
      .selectFrom('games')
      .select((eb: any) => eb.fn.countAll().as('n'))
      .where('status', '=', 'live')
      .executeTakeFirst();
    maxLive = Math.max(maxLive, Number(live.n));
    if (Number(live.n) === 0 && ticks > 1) break;
    clock.now += 60_000 / SPEED;
  }
  const wall = performance.now() - t0;
  const cpu = cpuSince(cpu0);
  const kinds = await ctx.db
    .selectFrom('outbox')
    .select(['subject', (eb: any) => eb.fn.countAll().as('n')])
    .groupBy('subject')
    .orderBy('subject')
    .execute();
  const matchEvents = await ctx.db
    .selectFrom('match_events')
    .select((eb: any) => eb.fn.countAll().as('n'))
    .executeTakeFirst();
  // the relay publishes in the background while the ticks run, as in production
  const total = kinds.reduce((sum: number, k: any) => sum + Number(k.n), 0);
  const p0 = performance.now();
  await ctx.relay.flush();
  const until = Date.now() + 30_000;
  while (published < total && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
  const drainMs = performance.now() - p0;

  console.log(
    `\n2${label}. service adapter on ${INFRA === 'cluster' ? 'Postgres + NATS JetStream' : 'PGlite + in-memory bus'}: ${everyGameBetOn ? 'a bet on every game (every price change announced)' : 'no bets (announcement policy)'}`,
  );
  console.log(
    `   ${MATCHES} matches (${maxLive} live at once), ${ticks} ticks of one simulated minute, ${fmt(wall)} ms (${fmt(wall / ticks, 1)} ms/tick, SIMULATOR_BATCH ${ctx.config.SIMULATOR_BATCH})`,
  );
  console.log(
    `   outbox: ${kinds.map((k: any) => `${k.subject} ${k.n}`).join(', ')}; match events stored: ${matchEvents.n}`,
  );
  console.log(
    `   ${fmt(events / (wall / 1000))} events/s written with their state changes; CPU ${fmt(cpu)} ms (${fmt((100 * cpu) / wall)}% of one core)`,
  );
  console.log(
    `   all ${published} of ${total} events delivered through the bus ${fmt(drainMs)} ms after the last tick (${fmt(published / ((wall + drainMs) / 1000))} events/s end to end)`,
  );
  await runner.stop();
  await svc.stop();
  await infra.close();
  return { events: total };
}

const started = performance.now();
engineOnly();
const a = await serviceRun('a', true);
if (!process.env.BENCH_SKIP_POLICY) {
  const b = await serviceRun('b', false);
  console.log(
    `\n   the policy wrote ${fmt(100 - (100 * b.events) / a.events)}% fewer outbox rows (${b.events} vs ${a.events})`,
  );
}
console.log(`\ntotal ${fmt((performance.now() - started) / 1000, 1)} s`);
process.exit(0);
