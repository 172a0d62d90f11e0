// The odds boosts and accumulator bonuses of the public promotions, as pure functions (issue 33,
// decision betting-009): the board prices with them, the slip's promo lines read them.
import type { Answer } from '@bet/api-types';
import { accaPercent, type RulesOf } from '@bet/web-shell/promo';

type Promotion = Answer<'/promotions'>['promotions'][number];
export type BoostRules = RulesOf<'odds_boost'>;
export type AccaRules = RulesOf<'acca_bonus'>;

/** An odds boost on offer: the promotion's id (the slip's `boostId`) and its rules. */
export interface Boost {
  id: string;
  rules: BoostRules;
}

/** An accumulator bonus on offer: the promotion's id and its rules. */
export interface Acca {
  id: string;
  rules: AccaRules;
}

/** What the board and the slip need of the public promotions (decision betting-009). */
export interface Offers {
  boosts: Boost[];
  accas: Acca[];
}

const onOffer = (p: Promotion, now: number) =>
  p.isActive && (!p.expiresAt || new Date(p.expiresAt).getTime() > now);

/** The odds boosts and acca bonuses of `GET /promotions` that are on offer at `now`. */
export function offersOf(promotions: readonly Promotion[], now = Date.now()): Offers {
  const boosts: Boost[] = [];
  const accas: Acca[] = [];
  for (const p of promotions) {
    if (!p.rules || !onOffer(p, now)) continue;
    if (p.rules.kind === 'odds_boost') boosts.push({ id: p._id, rules: p.rules });
    else if (p.rules.kind === 'acca_bonus') accas.push({ id: p._id, rules: p.rules });
  }
  return { boosts, accas };
}

/**
 * The boosted price of a pick priced `base`: the boost's fixed odds, or base × (1 + percent/100)
 * rounded DOWN to the hundredth, in whole hundredths so 2.00 × 1.1 is 2.20, not 2.19 (the rule
 * betting prices with, `boostedPrice` in its domain/promotions.ts).
 */
export function boostedOdds(base: number, rules: Pick<BoostRules, 'boostedOdds' | 'boostPercent'>): number {
  if (typeof rules.boostedOdds === 'number') return rules.boostedOdds;
  const baseH = Math.round(base * 100);
  const bp = Math.round((rules.boostPercent ?? 0) * 100);
  return Math.floor((baseH * (10_000 + bp)) / 10_000) / 100;
}

/** The boost on offer for exactly this pick (an absent market is 1X2), if any. */
export function boostFor(
  boosts: readonly Boost[],
  gameId: string,
  market: string | undefined,
  outcome: string,
): Boost | undefined {
  const m = market || '1x2';
  return boosts.find((b) => b.rules.gameId === gameId && b.rules.market === m && b.rules.outcome === outcome);
}

/** The acca bonus on offer that gives a multi of `legs` legs the highest percent (as betting picks it). */
export function bestAcca(
  accas: readonly Acca[],
  legs: number,
  legOdds?: readonly number[],
): { acca: Acca; percent: number } | null {
  let best: { acca: Acca; percent: number } | null = null;
  for (const a of accas) {
    const percent = accaPercent(a.rules, legs);
    if (percent <= 0) continue;
    // as the server chooses (betting's accaBonusFor): only offers every leg's odds meet, the
    // highest percent, then the smallest id
    if (legOdds?.some((o) => !(o >= a.rules.minOddsPerLeg))) continue;
    if (!best || percent > best.percent || (percent === best.percent && a.id < best.acca.id))
      best = { acca: a, percent };
  }
  return best;
}

/** What a boosted pick carries into the slip: the boost's id, the base price, its rule and max stake. */
export function slipBoost(boost: Boost, base: number) {
  const { boostedOdds: fixed, boostPercent, maxStake } = boost.rules;
  return {
    id: boost.id,
    baseOdds: base,
    ...(typeof fixed === 'number' ? { boostedOdds: fixed } : {}),
    ...(typeof boostPercent === 'number' ? { boostPercent } : {}),
    maxStake,
  };
}
