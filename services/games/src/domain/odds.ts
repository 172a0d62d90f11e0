/**
 * The goal model behind every price we make: independent Poisson goals for each side with
 * the Dixon–Coles correction for low scores, team strengths from power rankings and recent
 * results, a home advantage, and a bookmaker margin spread over the three outcomes.
 * Prices are integer hundredths (2.35 → 235) and never below 1.01.
 */

export interface Prices {
  home: number;
  draw: number;
  away: number;
}

export interface Probabilities {
  home: number;
  draw: number;
  away: number;
}

export interface Lambdas {
  home: number;
  away: number;
}

export interface ModelParams {
  /** expected goals of each side between two equal teams on neutral ground */
  baseGoals: number;
  /** log-multiplier of the home side's scoring rate (0.25 ≈ 28% more goals at home) */
  homeAdvantage: number;
  /** how strongly a strength difference moves the scoring rates */
  strengthWeight: number;
  /** Dixon–Coles low-score dependence (negative: more 0-0 and 1-1 than independence) */
  rho: number;
}

export const MODEL: ModelParams = { baseGoals: 1.3, homeAdvantage: 0.25, strengthWeight: 1.2, rho: -0.05 };

export const MIN_PRICE = 101;
export const MAX_PRICE = 100_000;
export const DEFAULT_RANKING = 75;

/** A finished game seen from one team. */
export interface RecentResult {
  goalsFor: number;
  goalsAgainst: number;
}

/**
 * Strength on a scale centred on 0: the power ranking (1..100, higher is stronger) sets the
 * level, recent goal difference nudges it. The form term is shrunk towards zero when few
 * games are known and capped, so one freak score cannot dominate a ranking.
 */
export function teamStrength(ranking: number, recent: readonly RecentResult[] = []): number {
  const level = (Math.min(100, Math.max(1, ranking)) - 50) / 50;
  if (recent.length === 0) return level;
  const gd = recent.reduce((s, r) => s + r.goalsFor - r.goalsAgainst, 0) / recent.length;
  const shrink = recent.length / (recent.length + 3);
  const form = Math.max(-0.3, Math.min(0.3, 0.1 * gd * shrink));
  return level + form;
}

/** Expected goals over a whole match (stoppage time included). */
export function expectedGoals(homeStrength: number, awayStrength: number, p: ModelParams = MODEL): Lambdas {
  const diff = homeStrength - awayStrength;
  return {
    home: p.baseGoals * Math.exp(p.homeAdvantage + (p.strengthWeight * diff) / 2),
    away: p.baseGoals * Math.exp((-p.strengthWeight * diff) / 2),
  };
}

function poissonPmf(lambda: number): number[] {
  const out: number[] = [];
  let term = Math.exp(-lambda);
  let total = 0;
  for (let k = 0; k <= 40; k++) {
    out.push(term);
    total += term;
    if (k > lambda && 1 - total < 1e-13) break;
    term = (term * lambda) / (k + 1);
  }
  return out;
}

/**
 * The Dixon–Coles score matrix of the goals still to come: cell [x][y] is the (unnormalised)
 * chance that the home side scores x more and the away side y more; `total` is their sum.
 * Every market's probabilities are sums over this one matrix (domain/market-pricing.ts).
 */
export function goalMatrix(lambdas: Lambdas, rho = MODEL.rho): { cells: number[][]; total: number } {
  const lh = Math.max(0, lambdas.home);
  const la = Math.max(0, lambdas.away);
  const ph = poissonPmf(lh);
  const pa = poissonPmf(la);
  // keep every Dixon–Coles factor positive whatever the rates
  const r = Math.max(rho, -1 / Math.max(1, lh * la, lh, la) + 1e-9);
  const tau = (x: number, y: number) => {
    if (x === 0 && y === 0) return 1 - lh * la * r;
    if (x === 0 && y === 1) return 1 + lh * r;
    if (x === 1 && y === 0) return 1 + la * r;
    if (x === 1 && y === 1) return 1 - r;
    return 1;
  };
  const cells: number[][] = [];
  let total = 0;
  for (let x = 0; x < ph.length; x++) {
    const row: number[] = [];
    for (let y = 0; y < pa.length; y++) {
      const m = ph[x] * pa[y] * tau(x, y);
      row.push(m);
      total += m;
    }
    cells.push(row);
  }
  return { cells, total };
}

/**
 * Probabilities of a home win, draw and away win when each side still scores
 * Poisson(λ) more goals and the home side currently leads by `lead` (negative: trails).
 */
export function outcomeProbabilities(lambdas: Lambdas, lead = 0, rho = MODEL.rho): Probabilities {
  const { cells } = goalMatrix(lambdas, rho);
  let home = 0;
  let draw = 0;
  let away = 0;
  for (let x = 0; x < cells.length; x++) {
    const row = cells[x];
    for (let y = 0; y < row.length; y++) {
      const m = row[y];
      const d = lead + x - y;
      if (d > 0) home += m;
      else if (d === 0) draw += m;
      else away += m;
    }
  }
  const total = home + draw + away;
  return { home: home / total, draw: draw / total, away: away / total };
}

/** Match phases as the simulator and the providers report them. */
export type Phase = 'pre' | '1H' | 'HT' | '2H' | 'FT';

/** Average stoppage of each half; a whole match is 95 played minutes on average. */
export const EXPECTED_STOPPAGE: readonly [number, number] = [1.5, 3.5];
export const PLAYED_MINUTES = 90 + EXPECTED_STOPPAGE[0] + EXPECTED_STOPPAGE[1];

/**
 * Minutes of play still expected. `minute` is the regulation minute (capped at 45 / 90 in
 * stoppage time) and `extra` the stoppage minutes already played in the current half.
 */
export function remainingPlay(phase: Phase, minute: number, extra = 0): number {
  const [e1, e2] = EXPECTED_STOPPAGE;
  switch (phase) {
    case 'pre':
      return PLAYED_MINUTES;
    case '1H':
      return Math.max(0, 45 - minute) + Math.max(0.25, e1 - extra) + 45 + e2;
    case 'HT':
      return 45 + e2;
    case '2H':
      return Math.max(0, 90 - minute) + Math.max(0.25, e2 - extra);
    case 'FT':
      return 0;
  }
}

/** Scoring-rate multiplier of a side playing with fewer men (or against fewer). */
export function redCardFactor(ownReds: number, opponentReds: number): number {
  return 0.75 ** ownReds * 1.2 ** opponentReds;
}

export interface InPlayState {
  /** full-match expected goals fixed before kick-off */
  lambdas: Lambdas;
  score: { home: number; away: number };
  phase: Phase;
  minute: number;
  extra?: number;
  red?: { home: number; away: number };
}

/** Expected further goals of each side from here to full time. */
export function remainingLambdas(s: InPlayState): Lambdas {
  const left = remainingPlay(s.phase, s.minute, s.extra ?? 0) / PLAYED_MINUTES;
  const red = s.red ?? { home: 0, away: 0 };
  return {
    home: s.lambdas.home * left * redCardFactor(red.home, red.away),
    away: s.lambdas.away * left * redCardFactor(red.away, red.home),
  };
}

export function inPlayProbabilities(s: InPlayState, rho = MODEL.rho): Probabilities {
  return outcomeProbabilities(remainingLambdas(s), s.score.home - s.score.away, rho);
}

/**
 * Turns fair probabilities into prices whose implied probabilities add up to 1 + margin.
 * The margin is spread in proportion to each outcome's probability; an outcome that would
 * price below 1.01 is held at 1.01 and the rest of the book carries the overround (so a
 * near-certain outcome never makes the book sum fall under 1 + margin).
 *
 * Rounding each price to the nearest hundredth moves its implied probability by at most
 * 0.005 / (o · o'), so |Σ 1/o − (1 + margin)| ≤ 0.005 · Σ 1/(o · o') — at most 0.0055 in the
 * worst case (a 1.01 favourite), about 0.001 for ordinary pre-match prices.
 */
export function priceWithMargin(p: Probabilities, margin: number): Prices {
  const keys = ['home', 'draw', 'away'] as const;
  const target = 1 + margin;
  const qMax = 100 / MIN_PRICE;
  const qMin = 100 / MAX_PRICE;
  const fixed = new Map<(typeof keys)[number], number>();
  let q: Record<(typeof keys)[number], number> = { home: 0, draw: 0, away: 0 };
  for (let round = 0; round < 4; round++) {
    const free = keys.filter((k) => !fixed.has(k));
    const rest = target - [...fixed.values()].reduce((s, v) => s + v, 0);
    // When the free outcomes' probabilities have all underflowed to 0 (a rout late in the
    // game), the rest of the book still has to go somewhere: to the draw, the outcome nearest
    // a runaway leader, as it did while the probabilities were merely tiny. An even split
    // would shorten the losing side from 1000.00 to about 28 on the next goal.
    const mass0 = free.reduce((s, k) => s + Math.max(0, p[k]), 0);
    const weight = (k: (typeof keys)[number]) =>
      mass0 > 0 ? Math.max(0, p[k]) : free.includes('draw') ? (k === 'draw' ? 1 : 0) : 1;
    const mass = free.reduce((s, k) => s + weight(k), 0);
    q = { ...q };
    for (const [k, v] of fixed) q[k] = v;
    for (const k of free) q[k] = (rest * weight(k)) / mass;
    const over = free.filter((k) => q[k] > qMax);
    const under = free.filter((k) => q[k] < qMin);
    if (over.length > 0) for (const k of over) fixed.set(k, qMax);
    else if (under.length > 0) for (const k of under) fixed.set(k, qMin);
    else break;
  }
  const price = (x: number) => Math.min(MAX_PRICE, Math.max(MIN_PRICE, Math.round(100 / x)));
  return { home: price(q.home), draw: price(q.draw), away: price(q.away) };
}

/** Σ 1/price: 1 + the book's margin. */
export function impliedSum(o: Prices): number {
  return 100 / o.home + 100 / o.draw + 100 / o.away;
}

/** The documented rounding tolerance of `priceWithMargin`. */
export function roundingTolerance(o: Prices): number {
  const t = (h: number) => 0.005 / ((h / 100) * (h / 100 - 0.005));
  return t(o.home) + t(o.draw) + t(o.away);
}

export function preMatchPrices(lambdas: Lambdas, margin: number): Prices {
  return priceWithMargin(outcomeProbabilities(lambdas), margin);
}

export function inPlayPrices(s: InPlayState, margin: number): Prices {
  return priceWithMargin(inPlayProbabilities(s), margin);
}

export const samePrices = (a: Prices | null | undefined, b: Prices | null | undefined) =>
  !!a && !!b && a.home === b.home && a.draw === b.draw && a.away === b.away;

/**
 * The expected goals that reproduce a book's prices: the margin is taken out in
 * proportion, then (λ home, λ away) are fitted to the home and away probabilities.
 * Lets in-play prices of a provider's game continue from the provider's own pre-match view.
 */
export function lambdasFromPrices(o: Prices): Lambdas {
  const inv = { home: 100 / o.home, draw: 100 / o.draw, away: 100 / o.away };
  const sum = inv.home + inv.draw + inv.away;
  const target = { home: inv.home / sum, away: inv.away / sum };
  const loss = (lh: number, la: number) => {
    const p = outcomeProbabilities({ home: lh, away: la });
    return (p.home - target.home) ** 2 + (p.away - target.away) ** 2;
  };
  return minimiseRates(loss, 1e-4);
}

/**
 * The (λ home, λ away) that minimise a loss, by pattern search from coarse to fine steps, always
 * inside plausible football scoring rates (0.05..8). Every fit of rates to prices uses it.
 */
export function minimiseRates(loss: (home: number, away: number) => number, tolerance: number): Lambdas {
  let lh = 1.4;
  let la = 1.1;
  let step = 0.5;
  let best = loss(lh, la);
  while (step > tolerance) {
    let moved = false;
    for (const [dh, da] of DIRECTIONS) {
      const nh = Math.min(8, Math.max(0.05, lh + dh * step));
      const na = Math.min(8, Math.max(0.05, la + da * step));
      const l = loss(nh, na);
      if (l < best) {
        best = l;
        lh = nh;
        la = na;
        moved = true;
      }
    }
    if (!moved) step /= 2;
  }
  return { home: lh, away: la };
}

const DIRECTIONS = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
  [1, -1],
  [-1, 1],
  [1, 1],
  [-1, -1],
] as const;
