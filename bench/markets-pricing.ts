/**
 * Markets pricing benchmark (issue 32 item 9): every market of 200 live matches priced once per
 * simulated minute, from kick-off to full time, as the simulator does in play (games-006).
 *
 *   node --import tsx bench/markets-pricing.ts            (no infra: the pure pricing functions)
 *   BENCH_MATCHES=400 node --import tsx bench/markets-pricing.ts
 *
 * The matches are played by the real engine (domain/match.ts) outside the timed part; each
 * simulated minute, `marketPrices` prices all 21 markets (≈ 90 outcomes) of every match still on,
 * and only that is timed. Then the pre-match side: fitting the goal rates to a 1X2 book (an
 * admin's or a feed's game, `fitLambdas`), cold and remembered, and with a feed's extra books.
 * Prints wall time per simulated minute (p50, p95, max), per match, and the share of one core it
 * takes at simulator speeds 1 and 10 (a simulated minute lasts 60 s and 6 s of real time).
 */

import { MARKETS } from '@bet/proto-events';
import { squadOf } from '../services/games/src/domain/calendar';
import { LEAGUES } from '../services/games/src/domain/leagues';
import {
  DEFAULT_MARKET_MARGINS,
  fitLambdas,
  lambdasOfBook,
  marketPrices,
} from '../services/games/src/domain/market-pricing';
import { MAX_MATCH_CLOCK, type MatchState, playUntil, startMatch } from '../services/games/src/domain/match';
import { inPlayPrices, preMatchPrices } from '../services/games/src/domain/odds';
import { matchKey } from '../services/games/src/domain/rng';

const MATCHES = Number(process.env.BENCH_MATCHES ?? 200);
const SECRET = '5eed'.repeat(8);
const MARGIN = 0.06;

const teams = LEAGUES.flatMap((l) => l.teams.map((t) => t.name));
const fmt = (n: number, d = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const cpuMs = (start: NodeJS.CpuUsage) => {
  const u = process.cpuUsage(start);
  return (u.user + u.system) / 1000;
};

function inPlay() {
  let states: MatchState[] = Array.from({ length: MATCHES }, (_, i) =>
    startMatch({
      // a spread of strengths: 0.7 … 2.3 expected goals a side
      lambdas: { home: 0.9 + ((i * 7) % 15) / 10, away: 0.7 + ((i * 11) % 13) / 10 },
      homeSquad: squadOf(teams[(2 * i) % teams.length]),
      awaySquad: squadOf(teams[(2 * i + 1) % teams.length]),
      key: matchKey(SECRET, `bench-${i}`),
    }),
  );
  const outcomes = MARKETS.reduce((s, m) => s + m.outcomes.length, 0);
  // warm-up: the settlement table of each market is built once per process
  marketPrices(states[0], preMatchPrices(states[0].lambdas, MARGIN));

  const perMinute: number[] = [];
  let priced = 0;
  let pricingCpu = 0;
  for (let clock = 1; clock <= MAX_MATCH_CLOCK; clock++) {
    states = states.map((s) => playUntil(s, clock).state);
    const on = states.filter((s) => s.phase !== 'FT');
    if (on.length === 0) break;
    // the 1X2 price the markets go with (computed as the simulator does, outside the timing)
    const odds = on.map((s) => inPlayPrices(s, MARGIN));
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    for (let i = 0; i < on.length; i++) marketPrices(on[i], odds[i], DEFAULT_MARKET_MARGINS);
    perMinute.push(performance.now() - t0);
    pricingCpu += cpuMs(cpu0);
    priced += on.length;
  }
  const total = perMinute.reduce((s, x) => s + x, 0);
  const p50 = pct(perMinute, 50);
  console.log(
    `\n1. in play: ${MATCHES} matches, ${perMinute.length} simulated minutes, ${fmt(priced)} match-minutes priced (${MARKETS.length} markets, ${outcomes} outcomes each)`,
  );
  console.log(
    `   per simulated minute (all matches on): p50 ${fmt(p50, 1)} ms, p95 ${fmt(pct(perMinute, 95), 1)} ms, max ${fmt(Math.max(...perMinute), 1)} ms`,
  );
  console.log(
    `   per match and minute: ${fmt((1000 * total) / priced)} µs wall; CPU ${fmt(pricingCpu)} ms for ${fmt(total)} ms wall`,
  );
  // on a shared machine the wall time includes waiting for a core: CPU is the cost
  const cpuPerMinute = pricingCpu / perMinute.length;
  console.log(
    `   CPU per match and minute: ${fmt((1000 * pricingCpu) / priced)} µs; per simulated minute (all matches): ${fmt(cpuPerMinute, 1)} ms`,
  );
  console.log(
    `   share of one core (CPU): ${fmt((100 * cpuPerMinute) / 60_000, 2)} % at SIMULATOR_SPEED 1, ${fmt((100 * cpuPerMinute) / 6_000, 2)} % at 10`,
  );
}

function preMatch() {
  const books = Array.from({ length: MATCHES }, (_, i) =>
    preMatchPrices({ home: 0.9 + ((i * 7) % 15) / 10, away: 0.7 + ((i * 11) % 13) / 10 }, MARGIN),
  );
  let cpu0 = process.cpuUsage();
  let t0 = performance.now();
  for (const b of books) fitLambdas({ '1x2': { A: b.home, Draw: b.draw, B: b.away } });
  const cold = performance.now() - t0;
  const coldCpu = cpuMs(cpu0);
  for (const b of books) lambdasOfBook(b);
  t0 = performance.now();
  for (const b of books) lambdasOfBook(b);
  const warm = performance.now() - t0;
  // a feed's game: 1X2 plus Over/Under 2.5 and BTTS from the same model
  const feeds = books.map((b, i) => {
    const p = marketPrices(
      { lambdas: { home: 0.9 + ((i * 7) % 15) / 10, away: 0.7 + ((i * 11) % 13) / 10 } },
      b,
    );
    return {
      '1x2': { A: b.home, Draw: b.draw, B: b.away },
      'ou_2.5': p['ou_2.5'] as Record<string, number>,
      btts: p.btts as Record<string, number>,
    };
  });
  cpu0 = process.cpuUsage();
  t0 = performance.now();
  for (const f of feeds) fitLambdas(f);
  const feed = performance.now() - t0;
  const feedCpu = cpuMs(cpu0);
  t0 = performance.now();
  for (const b of books) marketPrices({ lambdas: lambdasOfBook(b) }, b);
  const price = performance.now() - t0;
  console.log(`\n2. pre-match, ${MATCHES} games priced from a book (an admin's or a feed's)`);
  console.log(
    `   fit to 1X2: ${fmt((1000 * cold) / MATCHES)} µs a game cold (CPU ${fmt((1000 * coldCpu) / MATCHES)} µs), ${fmt((1000 * warm) / MATCHES, 1)} µs remembered`,
  );
  console.log(
    `   fit to 1X2 + Over/Under 2.5 + BTTS: ${fmt((1000 * feed) / MATCHES)} µs a game (CPU ${fmt((1000 * feedCpu) / MATCHES)} µs)`,
  );
  console.log(`   every market priced from the fitted rates: ${fmt((1000 * price) / MATCHES)} µs a game`);
}

inPlay();
preMatch();
