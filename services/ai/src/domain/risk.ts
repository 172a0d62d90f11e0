import { moneyText } from '@bet/kit/core';
import {
  DEFAULT_MARKET,
  isSelection,
  marketDef,
  selectionLabel,
  settleSelection,
} from '@bet/proto-events/markets';
import { odds2, pct } from './odds';
import { fixture, type GameFacts, OUTCOMES, type Outcome, outcomeLabel } from './types';

/** One selection's open book: how many pending bets carry it, their stakes and what they would pay. */
export interface SelectionExposure {
  market: string;
  outcome: string;
  /** as the catalogue names it ("Over 2.5", "BTTS Yes"; 1X2: "Arsenal to win", "the draw") */
  label: string;
  betCount: number;
  totalStakeCents: number;
  totalPotentialPayoutCents: number;
}

/** Open liability on one game, per market and outcome, from the pending bets that include it. */
export interface Exposure {
  game: GameFacts;
  totalStakeCents: number;
  /** 1X2's three outcomes (always listed, as the spec's risk view has them) */
  outcomes: Record<Outcome, { betCount: number; totalStakeCents: number; totalPotentialPayoutCents: number }>;
  /** every selection with open bets, of any market, largest potential payout first */
  selections: SelectionExposure[];
  /**
   * the worst case: the final score (and half-time score, when a half-time pick is open) at
   * which the open bets pay the most, every market's picks settled together on that score
   */
  worstCase: {
    score: string;
    htScore: string | null;
    /** the picks that win (or give the stake back) at that score */
    picks: string[];
    payoutCents: number;
    netCents: number;
  } | null;
  largestBetCents: number;
  multiLegs: number;
}

export interface OpenLeg {
  betType: 'single' | 'multi';
  stakeCents: number;
  potentialPayoutCents: number;
  /** the catalogue's market key; absent: 1X2 */
  market?: string;
  outcome: string;
}

/** how far the enumeration of final scores goes beyond the current score (each side) */
const SCORE_SPAN = 7;

const pickLabel = (g: GameFacts, market: string, outcome: string) =>
  market === DEFAULT_MARKET && isSelection(market, outcome)
    ? outcomeLabel(g, outcome as Outcome)
    : selectionLabel(market, outcome, { home: g.homeTeam, away: g.awayTeam });

export function exposureOf(game: GameFacts, bets: ReadonlyArray<OpenLeg>): Exposure {
  const outcomes = Object.fromEntries(
    OUTCOMES.map((o) => [o, { betCount: 0, totalStakeCents: 0, totalPotentialPayoutCents: 0 }]),
  ) as Exposure['outcomes'];
  const bySelection = new Map<string, SelectionExposure>();
  let total = 0;
  let largest = 0;
  let multi = 0;
  // legs of markets this service does not know (a newer catalogue) are counted, not settled
  const known = bets.filter((b) => isSelection(b.market ?? DEFAULT_MARKET, b.outcome));
  for (const b of bets) {
    const market = b.market ?? DEFAULT_MARKET;
    if (market === DEFAULT_MARKET && (OUTCOMES as readonly string[]).includes(b.outcome)) {
      const o = outcomes[b.outcome as Outcome];
      o.betCount++;
      o.totalStakeCents += b.stakeCents;
      o.totalPotentialPayoutCents += b.potentialPayoutCents;
    }
    const key = `${market}/${b.outcome}`;
    const sel = bySelection.get(key) ?? {
      market,
      outcome: b.outcome,
      label: pickLabel(game, market, b.outcome),
      betCount: 0,
      totalStakeCents: 0,
      totalPotentialPayoutCents: 0,
    };
    sel.betCount++;
    sel.totalStakeCents += b.stakeCents;
    sel.totalPotentialPayoutCents += b.potentialPayoutCents;
    bySelection.set(key, sel);
    total += b.stakeCents;
    largest = Math.max(largest, b.stakeCents);
    if (b.betType === 'multi') multi++;
  }
  return {
    game,
    totalStakeCents: total,
    outcomes,
    selections: [...bySelection.values()].sort(
      (a, b) => b.totalPotentialPayoutCents - a.totalPotentialPayoutCents || a.label.localeCompare(b.label),
    ),
    worstCase: worstScore(game, known, total),
    largestBetCents: largest,
    multiLegs: multi,
  };
}

/**
 * Every final score from the current one up to SCORE_SPAN more goals a side (and, when a
 * half-time pick is open, every half-time score on the way), each open leg settled by the
 * catalogue's own rule: a winning leg counts its bet's potential payout (a multi's in full:
 * conservative, as betting's liability is), a push gives a single its stake back.
 */
function worstScore(game: GameFacts, legs: readonly OpenLeg[], totalStake: number): Exposure['worstCase'] {
  if (legs.length === 0) return null;
  // one row per selection (a busy game has thousands of legs but a few dozen selections)
  const groups = new Map<
    string,
    { market: string; outcome: string; label: string; win: number; push: number }
  >();
  for (const l of legs) {
    const market = l.market ?? DEFAULT_MARKET;
    const key = `${market}/${l.outcome}`;
    const g = groups.get(key) ?? {
      market,
      outcome: l.outcome,
      label: pickLabel(game, market, l.outcome),
      win: 0,
      push: 0,
    };
    g.win += l.potentialPayoutCents;
    g.push += l.betType === 'multi' ? l.potentialPayoutCents : l.stakeCents;
    groups.set(key, g);
  }
  const rows = [...groups.values()];
  const halfTime = rows.some((r) => marketDef(r.market)?.halfTime);
  const now = game.status === 'live' ? game.scores : { home: 0, away: 0 };
  let best: Exposure['worstCase'] = null;
  for (let h = now.home; h <= now.home + SCORE_SPAN; h++)
    for (let a = now.away; a <= now.away + SCORE_SPAN; a++) {
      const ft = { home: h, away: a };
      const hts: Array<{ home: number; away: number } | null> = [];
      if (halfTime) for (let x = 0; x <= h; x++) for (let y = 0; y <= a; y++) hts.push({ home: x, away: y });
      else hts.push(null);
      for (const ht of hts) {
        let pay = 0;
        const picks: string[] = [];
        for (const r of rows) {
          const result = settleSelection(r.market, r.outcome, ft, ht);
          if (result === 'lost') continue;
          pay += result === 'won' ? r.win : r.push;
          picks.push(r.label);
        }
        if (pay > 0 && (!best || pay > best.payoutCents))
          best = {
            score: `${h}-${a}`,
            htScore: ht ? `${ht.home}-${ht.away}` : null,
            picks,
            payoutCents: pay,
            netCents: pay - totalStake,
          };
      }
    }
  return best;
}

const usd = (c: number) => moneyText(c);

export function writeRiskSummary(e: Exposure): string {
  const g = e.game;
  const head = `**${fixture(g)}**${g.league ? ` (${g.league})` : ''}, ${g.status}${g.status === 'live' ? ` ${g.scores.home}-${g.scores.away}${g.elapsedTime != null ? ` at ${g.elapsedTime}'` : ''}` : ''}. Prices ${odds2(g.odds.home)} / ${odds2(g.odds.draw)} / ${odds2(g.odds.away)}.`;
  const bets = e.selections.reduce((s, x) => s + x.betCount, 0);
  if (bets === 0)
    return `${head}\n\nThere are no open bets on this game, so the platform carries no exposure here.`;
  const lines = [head];
  lines.push(
    `**Open book:** ${bets} pending bet${bets > 1 ? 's' : ''} with ${usd(e.totalStakeCents)} staked${e.multiLegs ? ` (${e.multiLegs} of them multi legs, whose payout also depends on other games)` : ''}.`,
  );
  // 1X2's three outcomes always, then every other pick with open bets
  const rows = [
    ...OUTCOMES.map((o) => ({ label: outcomeLabel(g, o), ...e.outcomes[o] })),
    ...e.selections.filter((x) => x.market !== DEFAULT_MARKET),
  ];
  lines.push(
    rows
      .map(
        (x) =>
          `- ${x.label}: ${x.betCount} bet${x.betCount === 1 ? '' : 's'}, ${usd(x.totalStakeCents)} staked, ${usd(x.totalPotentialPayoutCents)} potential payout`,
      )
      .join('\n'),
  );
  const w = e.worstCase;
  if (w) {
    const onIt = e.selections
      .filter((x) => w.picks.includes(x.label))
      .reduce((s, x) => s + x.totalStakeCents, 0);
    const share = e.totalStakeCents ? Math.min(1, onIt / e.totalStakeCents) : 0;
    const at = `a ${w.score} result${w.htScore ? ` (${w.htScore} at half time)` : ''}`;
    lines.push(
      `**Worst case:** ${at} pays out ${usd(w.payoutCents)} (${w.picks.join(', ')}), ${w.netCents > 0 ? `a loss of about ${usd(w.netCents)} against the stakes on this game` : 'still covered by the stakes on this game'}. ${pct(share)} of the money is on those picks.`,
    );
    const lopsided = share >= 0.7 && w.netCents > 0;
    lines.push(
      `**Recommendation:** ${
        lopsided
          ? `the book is lopsided. Shortening ${w.picks[0]} a little (or lengthening the other side) would attract money to the other side; watch for further large stakes${e.largestBetCents >= e.totalStakeCents * 0.4 ? `: one bet of ${usd(e.largestBetCents)} makes up much of it` : ''}.`
          : w.netCents > 0
            ? 'exposure is spread across outcomes; no price change is needed, but keep an eye on it as kick-off nears.'
            : 'the book is balanced; no action needed.'
      }`,
    );
  }
  return lines.join('\n\n');
}
