import {
  describeForm,
  type HeadToHead,
  headToHead,
  powerRatings,
  ratingProbabilities,
  recentForm,
  type TeamForm,
} from './form';
import {
  bookMargin,
  fairProbabilities,
  impliedProbabilities,
  odds2,
  type Probabilities,
  pct,
  validPrices,
} from './odds';
import { fixture, type GameFacts, OUTCOMES, type Outcome, outcomeLabel, priceOf } from './types';

/** Everything the analyst knows about one game: the facts behind the text (and the model's context). */
export interface GameInsight {
  game: {
    id: string;
    homeTeam: string;
    awayTeam: string;
    league: string | null;
    matchDate: string;
    status: GameFacts['status'];
    scores: { home: number; away: number };
    elapsedTime: number | null;
    odds: GameFacts['odds'];
  };
  market: { implied: Probabilities; fair: Probabilities; margin: number } | null;
  /** the ratings model, only when both teams have enough finished games behind them */
  model: { probabilities: Probabilities; homeRating: number; awayRating: number; sample: number } | null;
  /** model minus market per outcome, where the model exists */
  edges: Array<{ outcome: Outcome; model: number; market: number; price: number; value: number }>;
  form: { home: TeamForm; away: TeamForm };
  headToHead: HeadToHead;
  /** the outcome the numbers lean to, and how firmly */
  lean: { outcome: Outcome; probability: number; source: 'model' | 'market' } | null;
}

const MIN_RATED_GAMES = 3;

const r3 = (x: number) => Math.round(x * 1000) / 1000;
const roundP = (p: Probabilities): Probabilities => ({
  home: r3(p.home),
  draw: r3(p.draw),
  away: r3(p.away),
});

export function insight(game: GameFacts, history: readonly GameFacts[]): GameInsight {
  const before = game.status === 'upcoming' || game.status === 'live' ? undefined : game.matchDate;
  const past = history.filter((g) => g.id !== game.id);
  const ratings = powerRatings(before ? past.filter((g) => g.matchDate < before) : past);
  const hr = ratings.get(game.homeTeam);
  const ar = ratings.get(game.awayTeam);
  const market = validPrices(game.odds)
    ? {
        implied: roundP(impliedProbabilities(game.odds)),
        fair: roundP(fairProbabilities(game.odds)),
        margin: r3(bookMargin(game.odds)),
      }
    : null;
  const rated = hr && ar && hr.played >= MIN_RATED_GAMES && ar.played >= MIN_RATED_GAMES;
  const model = rated
    ? {
        probabilities: roundP(ratingProbabilities(hr.rating, ar.rating)),
        homeRating: Math.round(hr.rating),
        awayRating: Math.round(ar.rating),
        sample: Math.min(hr.played, ar.played),
      }
    : null;
  const edges =
    model && market
      ? OUTCOMES.map((o) => {
          const m = pick(model.probabilities, o);
          const price = priceOf(game.odds, o);
          return { outcome: o, model: m, market: pick(market.fair, o), price, value: r3(m * price - 1) };
        })
      : [];
  const basis = model?.probabilities ?? market?.fair;
  let lean: GameInsight['lean'] = null;
  if (basis) {
    const o = OUTCOMES.reduce((best, x) => (pick(basis, x) > pick(basis, best) ? x : best), 'A' as Outcome);
    lean = { outcome: o, probability: pick(basis, o), source: model ? 'model' : 'market' };
  }
  return {
    game: {
      id: game.id,
      homeTeam: game.homeTeam,
      awayTeam: game.awayTeam,
      league: game.league,
      matchDate: game.matchDate.toISOString(),
      status: game.status,
      scores: game.scores,
      elapsedTime: game.elapsedTime,
      odds: game.odds,
    },
    market,
    model,
    edges,
    form: {
      home: recentForm(past, game.homeTeam, 5, before),
      away: recentForm(past, game.awayTeam, 5, before),
    },
    headToHead: headToHead(past, game.homeTeam, game.awayTeam, before),
    lean,
  };
}

function pick(p: Probabilities, o: Outcome) {
  return o === 'A' ? p.home : o === 'B' ? p.away : p.draw;
}

/** The built-in analyst's write-up of one game, in plain paragraphs (markdown-light: **bold** and lists). */
export function writeAnalysis(i: InsightLike): string {
  const g = i.game;
  const lines: string[] = [];
  const title = `**${fixture(g)}**${g.league ? ` (${g.league})` : ''}`;
  if (g.status === 'live') {
    const state =
      g.scores.home === g.scores.away
        ? `level at ${g.scores.home}-${g.scores.away}`
        : `${g.scores.home > g.scores.away ? g.homeTeam : g.awayTeam} lead ${g.scores.home}-${g.scores.away}`;
    lines.push(`${title} is live${g.elapsedTime != null ? ` at ${g.elapsedTime}'` : ''}, ${state}.`);
  } else if (g.status === 'finished') {
    lines.push(`${title} finished ${g.scores.home}-${g.scores.away}.`);
  } else if (g.status === 'cancelled') {
    lines.push(`${title} has been cancelled; any legs on it are void.`);
  } else {
    lines.push(`${title} kicks off ${new Date(g.matchDate).toUTCString().replace(':00 GMT', ' UTC')}.`);
  }

  if (i.market) {
    const f = i.market.fair;
    lines.push(
      `**The market:** ${odds2(g.odds.home)} / ${odds2(g.odds.draw)} / ${odds2(g.odds.away)} implies ${pct(f.home)} home, ${pct(f.draw)} draw, ${pct(f.away)} away once the ${pct(i.market.margin, 1)} book margin is taken out.`,
    );
  }
  if (i.model) {
    const m = i.model.probabilities;
    lines.push(
      `**Our ratings model** (Elo ${i.model.homeRating} vs ${i.model.awayRating}, home advantage included) has it ${pct(m.home)} / ${pct(m.draw)} / ${pct(m.away)}.`,
    );
    const biggest = [...i.edges].sort(
      (a, b) => Math.abs(b.model - b.market) - Math.abs(a.model - a.market),
    )[0];
    if (biggest && Math.abs(biggest.model - biggest.market) >= 0.03) {
      const dir = biggest.model > biggest.market ? 'more' : 'less';
      lines.push(
        `The biggest disagreement is on ${outcomeLabel(g, biggest.outcome)}: the model rates it ${dir} likely than the market (${pct(biggest.model)} vs ${pct(biggest.market)}), ${biggest.value > 0 ? `which makes ${odds2(biggest.price)} a price with positive expected value (${pct(biggest.value, 1)} per unit staked)` : `so ${odds2(biggest.price)} looks short`}.`,
      );
    } else {
      lines.push('Model and market broadly agree, so there is no obvious mispricing here.');
    }
  } else {
    lines.push(
      'There are too few finished games on record for both sides to rate them independently, so the market price is the best guide.',
    );
  }

  lines.push(`**Form:** ${describeForm(i.form.home)}; ${describeForm(i.form.away)}.`);
  const h = i.headToHead;
  if (h.meetings > 0) {
    lines.push(
      `**Head-to-head:** ${h.meetings} previous meeting${h.meetings > 1 ? 's' : ''}: ${g.homeTeam} ${h.homeWins}, ${g.awayTeam} ${h.awayWins}, draws ${h.draws}${h.last ? `; last time it ended ${h.last.homeTeam} ${h.last.scores.home}-${h.last.scores.away} ${h.last.awayTeam}` : ''}.`,
    );
  } else {
    lines.push('**Head-to-head:** these two have not met in the games on record.');
  }

  if (i.lean && (g.status === 'upcoming' || g.status === 'live')) {
    const firm =
      i.lean.probability >= 0.55
        ? 'a clear lean'
        : i.lean.probability >= 0.42
          ? 'a slight lean'
          : 'no strong lean';
    lines.push(
      `**Verdict:** ${firm} towards ${outcomeLabel(g, i.lean.outcome)} (${pct(i.lean.probability)} on the ${i.lean.source === 'model' ? 'model' : 'de-margined market'}). Football is low-scoring and variance is high; stake only what you are comfortable losing.`,
    );
  }
  return lines.join('\n\n');
}

export type InsightLike = GameInsight;
