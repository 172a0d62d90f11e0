import { termsMoney } from '@bet/web-shell/promo';
import { odds as fmtOdds, money } from '../lib/format';
import { type Acca, bestAcca } from '../promo/boosts';
import { type BetType, MAX_SELECTIONS, payoutCentsOf, type SlipSelection } from './rules';

/** One extra line of the slip's totals that a promotion adds ("Acca bonus +10%", "Odds boost"). */
export interface PromoLine {
  label: string;
  value: string;
}

export interface PromoSlip {
  /** the slip's effective type (a "multi" of one pick is a single) */
  betType: BetType;
  selections: SlipSelection[];
  /** the multi's stake (or singles' stake per bet), dollars */
  stake: number;
  /** whether a free-bet token pays it: no acca bonus then */
  freeBet: boolean;
  /** the acca bonuses on offer (GET /promotions) */
  accas: readonly Acca[];
}

const floorCents = (n: number) => Math.floor(Math.round(n * 1e6) / 1e4) / 100;

/**
 * The acca bonus a multi would be paid if it won: `percent` of its net winnings (its potential
 * payout as the server strikes it, less the stake), cents down, as the server counts it.
 */
export function accaBonus(stake: number, potentialPayout: number, percent: number): number {
  if (!(stake > 0) || !(potentialPayout > stake) || !(percent > 0)) return 0;
  return floorCents(((potentialPayout - stake) * percent) / 100);
}

/**
 * The lines the promotions that apply by themselves add under the slip's totals (issue 33,
 * decision betting-009): each boosted pick ("Odds boost: 2.10 → 2.50, max stake $20"), and on a
 * multi the accumulator bonus its legs reach ("Acca bonus +5%: $1.23") and the next tier
 * ("Add 1 more leg for +10%"). A multi paid with a free bet or with a boosted leg gets no bonus,
 * nor one with a leg under the bonus's minimum odds: the line says why.
 */
export function promoLines(slip: PromoSlip): PromoLine[] {
  const lines: PromoLine[] = [];
  const boosted = slip.selections.filter((s) => s.boost);
  for (const s of boosted) {
    const b = s.boost;
    if (!b) continue;
    const who = boosted.length > 1 ? ` (${s.gameDetails.homeTeam} v ${s.gameDetails.awayTeam})` : '';
    lines.push({
      label: `Odds boost${who}`,
      value: `${fmtOdds(b.baseOdds)} → ${fmtOdds(s.odds)}, max stake ${termsMoney(b.maxStake)}`,
    });
  }
  if (slip.betType !== 'multi' || slip.accas.length === 0) return lines;

  const legs = slip.selections.length;
  const odds = slip.selections.map((s) => s.odds);
  const now = bestAcca(slip.accas, legs, odds);
  // no offer the legs' odds meet: the richest one says what it needs
  const unmet = now ? null : bestAcca(slip.accas, legs);
  if ((now ?? unmet) && (slip.freeBet || boosted.length > 0)) {
    lines.push({
      label: 'Acca bonus',
      value: slip.freeBet ? 'Not with a free bet' : 'Not with a boosted pick',
    });
    return lines;
  }
  if (unmet) {
    const min = unmet.acca.rules.minOddsPerLeg;
    lines.push({ label: `Acca bonus +${unmet.percent}%`, value: `Every leg needs odds ${fmtOdds(min)}+` });
    return lines;
  }
  if (now) {
    const bonus = accaBonus(
      slip.stake,
      payoutCentsOf(
        slip.stake,
        slip.selections.map((s) => s.odds),
      ) / 100,
      now.percent,
    );
    lines.push({ label: `Acca bonus +${now.percent}%`, value: `+${money(bonus)}` });
  }
  if (slip.freeBet || boosted.length > 0) return lines;
  // the next tier the player can reach by adding legs (the slip holds 10 at most)
  for (let more = legs + 1; more <= MAX_SELECTIONS; more++) {
    const next = bestAcca(slip.accas, more, odds);
    if (next && next.percent > (now?.percent ?? 0)) {
      const n = more - legs;
      lines.push({ label: `Add ${n} more leg${n === 1 ? '' : 's'} for +${next.percent}%`, value: '' });
      break;
    }
  }
  return lines;
}

/**
 * What the server would refuse about a slip's boosts, checked before asking (its messages):
 * a stake over a boost's maximum, a free bet at a boosted price, two boosts in one multi.
 */
export function boostWarnings(
  betType: BetType,
  selections: SlipSelection[],
  stake: number,
  freeBet: boolean,
): string[] {
  const boosted = selections.filter((s) => s.boost);
  if (boosted.length === 0) return [];
  if (freeBet) return ['A free bet cannot be placed at a boosted price.'];
  if (betType === 'multi' && boosted.length > 1) return ['A bet may take one odds boost.'];
  const over = boosted.find((s) => s.boost && stake > s.boost.maxStake + 1e-9);
  return over?.boost ? [`The maximum stake on this odds boost is ${money(over.boost.maxStake)}.`] : [];
}
