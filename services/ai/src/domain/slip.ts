import { DEFAULT_MARKET, selectionLabel } from '@bet/proto-events/markets';
import type { GameInsight } from './analysis';
import { expectedValue, odds2, pct, probabilityOf } from './odds';
import { fixture, type GameFacts, type Outcome, outcomeLabel, priceOf } from './types';

export const MAX_SELECTIONS = 10;

export interface SlipLeg {
  game: GameFacts;
  /** the catalogue's market key (1x2 unless the pick names another: ou_2.5, btts…) */
  market: string;
  /** an outcome of `market` (A / Draw / B for 1X2) */
  outcome: string;
  /** the price on the slip (may be older than the current one) */
  odds: number;
  insight: GameInsight;
}

export interface SlipFacts {
  legs: Array<{
    gameId: string;
    fixture: string;
    pick: string;
    market: string;
    outcome: string;
    odds: number;
    currentOdds: number;
    probability: number;
    source: 'model' | 'market';
    status: GameFacts['status'];
  }>;
  totalOdds: number;
  combinedProbability: number;
  /** per unit staked on the whole slip as a multi */
  expectedValue: number;
  riskiest: { gameId: string; fixture: string; pick: string; probability: number } | null;
  unavailable: string[];
}

const is1x2 = (leg: SlipLeg): leg is SlipLeg & { outcome: Outcome } => leg.market === DEFAULT_MARKET;

/**
 * Probability of one leg: for 1X2 the ratings model where it exists, else the de-margined
 * market; for another market (whose other prices this service does not hold) what its price
 * implies.
 */
function legProbability(leg: SlipLeg): { p: number; source: 'model' | 'market' } {
  if (!is1x2(leg)) return { p: 1 / leg.odds, source: 'market' };
  if (leg.insight.model)
    return { p: probabilityOf(leg.insight.model.probabilities, leg.outcome), source: 'model' };
  if (leg.insight.market) return { p: probabilityOf(leg.insight.market.fair, leg.outcome), source: 'market' };
  return { p: 1 / leg.odds, source: 'market' };
}

export function slipFacts(legs: readonly SlipLeg[]): SlipFacts {
  const rows = legs.map((l) => {
    const { p, source } = legProbability(l);
    return {
      gameId: l.game.id,
      fixture: fixture(l.game),
      pick: is1x2(l)
        ? outcomeLabel(l.game, l.outcome)
        : selectionLabel(l.market, l.outcome, { home: l.game.homeTeam, away: l.game.awayTeam }),
      market: l.market,
      outcome: l.outcome,
      odds: l.odds,
      currentOdds: is1x2(l) ? priceOf(l.game.odds, l.outcome) : l.odds,
      probability: Math.round(p * 1000) / 1000,
      source,
      status: l.game.status,
    };
  });
  const open = rows.filter((r) => r.status === 'upcoming' || r.status === 'live');
  const totalOdds = open.reduce((acc, r) => acc * r.odds, 1);
  const combined = open.reduce((acc, r) => acc * r.probability, 1);
  const riskiest = open.length ? open.reduce((a, b) => (b.probability < a.probability ? b : a)) : null;
  return {
    legs: rows,
    totalOdds: Math.round(totalOdds * 100) / 100,
    combinedProbability: Math.round(combined * 10000) / 10000,
    expectedValue: Math.round(expectedValue(combined, totalOdds) * 1000) / 1000,
    riskiest: riskiest && {
      gameId: riskiest.gameId,
      fixture: riskiest.fixture,
      pick: riskiest.pick,
      probability: riskiest.probability,
    },
    unavailable: rows.filter((r) => r.status !== 'upcoming' && r.status !== 'live').map((r) => r.fixture),
  };
}

export function writeSlipAnalysis(f: SlipFacts): string {
  const lines: string[] = [];
  const open = f.legs.filter((l) => l.status === 'upcoming' || l.status === 'live');
  if (f.unavailable.length) {
    lines.push(
      `**Heads up:** ${f.unavailable.join(', ')} ${f.unavailable.length > 1 ? 'are' : 'is'} no longer open for betting; remove ${f.unavailable.length > 1 ? 'them' : 'it'} from the slip.`,
    );
  }
  if (open.length === 0) return lines.join('\n\n') || 'There is nothing open on this slip to analyse.';
  lines.push(
    open.length === 1
      ? `**One selection** at ${odds2(f.totalOdds)}: a ${pct(f.combinedProbability)} chance on our numbers.`
      : `**${open.length}-leg multi** at combined odds of ${odds2(f.totalOdds)}. All legs must land: the combined probability is about ${pct(f.combinedProbability, f.combinedProbability < 0.1 ? 1 : 0)}, roughly one slip in ${Math.max(1, Math.round(1 / Math.max(f.combinedProbability, 1e-6)))}.`,
  );
  lines.push(
    `**Expected value:** ${f.expectedValue >= 0 ? '+' : ''}${pct(f.expectedValue, 1)} per unit staked. ${f.expectedValue >= 0 ? 'The prices are a little better than our probabilities, which is rare; it still loses more often than it wins.' : 'Like most multis, the margins of each leg compound against you.'}`,
  );
  lines.push('**Legs:**');
  lines.push(
    open
      .map((l) => {
        const moved = Math.abs(l.currentOdds - l.odds) >= 0.01 ? ` (now ${odds2(l.currentOdds)})` : '';
        return `- ${l.fixture}: ${l.pick} at ${odds2(l.odds)}${moved}, ${pct(l.probability)} on the ${l.source === 'model' ? 'ratings model' : 'de-margined market'}`;
      })
      .join('\n'),
  );
  if (f.riskiest && open.length > 1) {
    lines.push(
      `**Riskiest leg:** ${f.riskiest.fixture} (${f.riskiest.pick}, ${pct(f.riskiest.probability)}). Dropping it would roughly ${f.riskiest.probability > 0 ? `multiply your chance of a return by ${(1 / f.riskiest.probability).toFixed(1)}` : 'raise your chances considerably'}.`,
    );
  }
  return lines.join('\n\n');
}

/**
 * A slip bet as singles: each selection its own bet at the same stake, won or lost on its own.
 * No combined odds or probability (nothing multiplies): each leg's chance and expected value,
 * the slip's average expected value per unit, the best-valued and the riskiest single.
 */
export function writeSinglesAnalysis(f: SlipFacts): string {
  const lines: string[] = [];
  const open = f.legs.filter((l) => l.status === 'upcoming' || l.status === 'live');
  if (f.unavailable.length) {
    lines.push(
      `**Heads up:** ${f.unavailable.join(', ')} ${f.unavailable.length > 1 ? 'are' : 'is'} no longer open for betting; remove ${f.unavailable.length > 1 ? 'them' : 'it'} from the slip.`,
    );
  }
  if (open.length === 0) return lines.join('\n\n') || 'There is nothing open on this slip to analyse.';
  const ev = (l: (typeof open)[number]) => expectedValue(l.probability, l.odds);
  const average = open.reduce((acc, l) => acc + ev(l), 0) / open.length;
  lines.push(
    open.length === 1
      ? `**One single** at ${odds2(open[0]!.odds)}: a ${pct(open[0]!.probability)} chance on our numbers.`
      : `**${open.length} singles**: each selection is its own bet at your stake per bet, so each one wins or loses on its own (the total stake is ${open.length} × the stake per bet). On our numbers about ${open.reduce((acc, l) => acc + l.probability, 0).toFixed(1)} of the ${open.length} win on average.`,
  );
  lines.push(
    `**Expected value:** ${average >= 0 ? '+' : ''}${pct(average, 1)} per unit staked across the singles. ${average >= 0 ? 'The prices are a little better than our probabilities, which is rare.' : "Each single carries the bookmaker's margin once; nothing compounds across them."}`,
  );
  lines.push('**Singles:**');
  lines.push(
    open
      .map((l) => {
        const moved = Math.abs(l.currentOdds - l.odds) >= 0.01 ? ` (now ${odds2(l.currentOdds)})` : '';
        const v = ev(l);
        return `- ${l.fixture}: ${l.pick} at ${odds2(l.odds)}${moved}, ${pct(l.probability)} on the ${l.source === 'model' ? 'ratings model' : 'de-margined market'}, expected value ${v >= 0 ? '+' : ''}${pct(v, 1)}`;
      })
      .join('\n'),
  );
  if (open.length > 1) {
    const best = open.reduce((a, b) => (ev(b) > ev(a) ? b : a));
    const risky = open.reduce((a, b) => (b.probability < a.probability ? b : a));
    lines.push(
      `**Best value:** ${best.fixture} (${best.pick}). **Least likely:** ${risky.fixture} (${risky.pick}, ${pct(risky.probability)}).`,
    );
  }
  return lines.join('\n\n');
}

export interface SlipSuggestions {
  combinationSuggestions: Array<{
    gameId: string;
    gameDetails: { homeTeam: string; awayTeam: string };
    outcome: Outcome;
    odds: number;
    justification: string;
  }>;
  alternativeBet: { explanation: string };
}

/**
 * Other games that combine well with the slip (the best-valued or the surest outcomes of
 * open games not already on it) and a safer alternative to the slip as it stands.
 */
export function suggestForSlip(f: SlipFacts, candidates: readonly GameInsight[]): SlipSuggestions {
  const onSlip = new Set(f.legs.map((l) => l.gameId));
  const scored = candidates
    .filter(
      (c) => !onSlip.has(c.game.id) && (c.game.status === 'upcoming' || c.game.status === 'live') && c.lean,
    )
    .map((c) => {
      const valueEdge = [...c.edges].sort((a, b) => b.value - a.value)[0];
      const byValue = valueEdge && valueEdge.value > 0.02 ? valueEdge : null;
      const outcome = byValue?.outcome ?? c.lean!.outcome;
      const p = byValue ? byValue.model : c.lean!.probability;
      const price = priceOf(c.game.odds, outcome);
      return {
        c,
        outcome,
        p,
        price,
        value: byValue?.value ?? p * price - 1,
        why: byValue ? 'value' : 'favourite',
      };
    })
    .sort((a, b) => b.value - a.value || b.p - a.p)
    .slice(0, 3);
  const combinationSuggestions = scored.map((s) => ({
    gameId: s.c.game.id,
    odds: s.price,
    gameDetails: { homeTeam: s.c.game.homeTeam, awayTeam: s.c.game.awayTeam },
    outcome: s.outcome,
    justification:
      s.why === 'value'
        ? `${outcomeLabel(s.c.game, s.outcome)} at ${odds2(s.price)}: our ratings give it ${pct(s.p)}, above the ${pct(1 / s.price)} the price implies.`
        : `${outcomeLabel(s.c.game, s.outcome)} at ${odds2(s.price)} is the likeliest result (${pct(s.p)}); ${describeFormShort(s.c, s.outcome)}`,
  }));
  let explanation: string;
  const open = f.legs.filter((l) => l.status === 'upcoming' || l.status === 'live');
  if (open.length >= 3 && f.riskiest) {
    explanation = `Consider dropping ${f.riskiest.fixture} (${f.riskiest.pick}, only ${pct(f.riskiest.probability)}) or splitting the slip into singles: a single loss would then cost one stake instead of the whole multi.`;
  } else if (open.length === 2) {
    explanation = `Two singles instead of a double: you lose the compounding of the odds (${odds2(f.totalOdds)}), but one correct pick still pays.`;
  } else if (open.length === 1 && open[0].outcome !== 'Draw') {
    explanation = `A safer line is to pair ${open[0].pick} with the draw in your head: at ${pct(open[0].probability)} this pick still fails about ${pct(1 - open[0].probability)} of the time, so keep the stake small.`;
  } else {
    explanation =
      'Keep stakes modest and consider singles: they are easier to read and a single miss does not sink the rest.';
  }
  return { combinationSuggestions, alternativeBet: { explanation } };
}

function describeFormShort(c: GameInsight, outcome: Outcome): string {
  const f = outcome === 'A' ? c.form.home : outcome === 'B' ? c.form.away : null;
  if (!f || f.played === 0) return 'the market makes it favourite.';
  return `${f.team} have ${f.points} points from their last ${f.played}.`;
}
