import { odds2, pct } from './odds';
import { fixture, type GameFacts, OUTCOMES, type Outcome, outcomeLabel } from './types';

/** Open liability on one game, per outcome, from the pending bets that include it. */
export interface Exposure {
  game: GameFacts;
  totalStakeCents: number;
  outcomes: Record<Outcome, { betCount: number; totalStakeCents: number; totalPotentialPayoutCents: number }>;
  /** the worst case: the largest payout owed if one outcome lands */
  worstCase: { outcome: Outcome; payoutCents: number; netCents: number } | null;
  largestBetCents: number;
  multiLegs: number;
}

export function exposureOf(
  game: GameFacts,
  bets: ReadonlyArray<{
    betType: 'single' | 'multi';
    stakeCents: number;
    potentialPayoutCents: number;
    outcome: Outcome;
  }>,
): Exposure {
  const outcomes = Object.fromEntries(
    OUTCOMES.map((o) => [o, { betCount: 0, totalStakeCents: 0, totalPotentialPayoutCents: 0 }]),
  ) as Exposure['outcomes'];
  let total = 0;
  let largest = 0;
  let multi = 0;
  for (const b of bets) {
    const o = outcomes[b.outcome];
    o.betCount++;
    o.totalStakeCents += b.stakeCents;
    o.totalPotentialPayoutCents += b.potentialPayoutCents;
    total += b.stakeCents;
    largest = Math.max(largest, b.stakeCents);
    if (b.betType === 'multi') multi++;
  }
  const worst = OUTCOMES.map((o) => ({ outcome: o, payoutCents: outcomes[o].totalPotentialPayoutCents }))
    .filter((w) => w.payoutCents > 0)
    .sort((a, b) => b.payoutCents - a.payoutCents)[0];
  return {
    game,
    totalStakeCents: total,
    outcomes,
    worstCase: worst ? { ...worst, netCents: worst.payoutCents - total } : null,
    largestBetCents: largest,
    multiLegs: multi,
  };
}

const usd = (c: number) => `$${(c / 100).toFixed(2)}`;

export function writeRiskSummary(e: Exposure): string {
  const g = e.game;
  const head = `**${fixture(g)}**${g.league ? ` (${g.league})` : ''}, ${g.status}${g.status === 'live' ? ` ${g.scores.home}-${g.scores.away}${g.elapsedTime != null ? ` at ${g.elapsedTime}'` : ''}` : ''}. Prices ${odds2(g.odds.home)} / ${odds2(g.odds.draw)} / ${odds2(g.odds.away)}.`;
  const bets = OUTCOMES.reduce((s, o) => s + e.outcomes[o].betCount, 0);
  if (bets === 0)
    return `${head}\n\nThere are no open bets on this game, so the platform carries no exposure here.`;
  const lines = [head];
  lines.push(
    `**Open book:** ${bets} pending bet${bets > 1 ? 's' : ''} with ${usd(e.totalStakeCents)} staked${e.multiLegs ? ` (${e.multiLegs} of them multi legs, whose payout also depends on other games)` : ''}.`,
  );
  lines.push(
    OUTCOMES.map((o) => {
      const x = e.outcomes[o];
      return `- ${outcomeLabel(g, o)}: ${x.betCount} bet${x.betCount === 1 ? '' : 's'}, ${usd(x.totalStakeCents)} staked, ${usd(x.totalPotentialPayoutCents)} potential payout`;
    }).join('\n'),
  );
  if (e.worstCase) {
    const share = e.totalStakeCents ? e.outcomes[e.worstCase.outcome].totalStakeCents / e.totalStakeCents : 0;
    lines.push(
      `**Worst case:** ${outcomeLabel(g, e.worstCase.outcome)} pays out ${usd(e.worstCase.payoutCents)}, ${e.worstCase.netCents > 0 ? `a loss of about ${usd(e.worstCase.netCents)} against the stakes on this game` : 'still covered by the stakes on this game'}. ${pct(share)} of the money is on that outcome.`,
    );
    const lopsided = share >= 0.7 && e.worstCase.netCents > 0;
    lines.push(
      `**Recommendation:** ${
        lopsided
          ? `the book is lopsided. Shortening ${outcomeLabel(g, e.worstCase.outcome)} a little (or lengthening the other outcomes) would attract money to the other side; watch for further large stakes${e.largestBetCents >= e.totalStakeCents * 0.4 ? `: one bet of ${usd(e.largestBetCents)} makes up much of it` : ''}.`
          : e.worstCase.netCents > 0
            ? 'exposure is spread across outcomes; no price change is needed, but keep an eye on it as kick-off nears.'
            : 'the book is balanced; no action needed.'
      }`,
    );
  }
  return lines.join('\n\n');
}
