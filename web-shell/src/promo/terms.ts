// The terms a player reads for a promotion's rules (issue 33), one wording for the player's
// Promotions page and the admin form's preview. Pure functions over the public `rules` shape.
import type { Answer } from '@bet/api-types';
import { formatWholeMoney } from '@bet/web-shell/core';

export type PromotionRules = NonNullable<Answer<'/promotions'>['promotions'][number]['rules']>;
export type RuleKind = PromotionRules['kind'];
export type RulesOf<K extends RuleKind> = Extract<PromotionRules, { kind: K }>;
export type AccaTier = RulesOf<'acca_bonus'>['tiers'][number];

/** Which rule kinds each of the spec's promotion types may carry (the catalogue's RULE_KINDS_BY_PROMO_TYPE). */
export const RULE_KINDS = {
  Bonus: ['deposit_match', 'acca_bonus'],
  FreeBet: ['free_bet'],
  OddsBoost: ['odds_boost'],
} as const satisfies Record<'Bonus' | 'FreeBet' | 'OddsBoost', readonly RuleKind[]>;

export const RULE_KIND_LABEL: Record<RuleKind, string> = {
  deposit_match: 'Deposit match',
  acca_bonus: 'Accumulator bonus',
  free_bet: 'Free bet',
  odds_boost: 'Odds boost',
};

/** Which kinds a player claims (the others apply by themselves): the server's claimable kinds. */
export const CLAIMABLE: readonly RuleKind[] = ['deposit_match', 'free_bet'];

/** $100 / ₦5,000 for whole amounts, $12.50 otherwise: terms read better without ".00". */
export function termsMoney(n: number): string {
  const v = Number.isFinite(n) ? n : 0;
  const whole = Math.abs(v * 100 - Math.round(v) * 100) < 1e-6;
  return formatWholeMoney(whole ? Math.round(v) : v);
}

const oddsText = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : '–');
const days = (n: number) => `${n} day${n === 1 ? '' : 's'}`;
const pct = (n: number) => `${Number.isInteger(n) ? n : Number(n.toFixed(2))}%`;

/** The tiers of an accumulator bonus in order of legs (the table players read). */
export function accaTiers(rules: RulesOf<'acca_bonus'>): AccaTier[] {
  return [...rules.tiers].sort((a, b) => a.legs - b.legs);
}

/** The bonus percent a multi of `legs` legs earns: the highest tier it reaches, or 0. */
export function accaPercent(rules: RulesOf<'acca_bonus'>, legs: number): number {
  let out = 0;
  for (const t of accaTiers(rules)) if (legs >= t.legs) out = t.percent;
  return out;
}

export interface TermsContext {
  /** the boosted game as players name it ("Arsenal vs Chelsea"); default "the game" */
  game?: string | null;
  /** the boosted pick as players name it ("Arsenal to win"); default "<market> <outcome>" */
  pick?: string | null;
}

/**
 * One sentence of terms, e.g. "100% of your first deposit up to $100, wager 5× at odds 1.50+
 * within 30 days." / "A $10 free bet at odds 1.80+, valid 7 days after you claim it. Stake not
 * returned."
 */
export function promoTerms(rules: PromotionRules, ctx: TermsContext = {}): string {
  switch (rules.kind) {
    case 'deposit_match': {
      const which = rules.firstDepositOnly ? 'your first deposit' : 'every deposit';
      const cap = `up to ${termsMoney(rules.cap)}${rules.firstDepositOnly ? '' : ' each'}`;
      const wagering =
        rules.wagering > 0
          ? `wager ${rules.wagering}× at odds ${oddsText(rules.minOdds)}+ within ${days(rules.expiresInDays)}`
          : `no wagering, bonus lasts ${days(rules.expiresInDays)}`;
      return `${pct(rules.percent)} of ${which} ${cap}, ${wagering}.`;
    }
    case 'free_bet': {
      const where = [
        rules.leagues?.length ? `on ${rules.leagues.join(', ')}` : '',
        rules.markets?.length ? `markets ${rules.markets.join(', ')}` : '',
      ].filter(Boolean);
      return `A ${termsMoney(rules.amount)} free bet at odds ${oddsText(rules.minOdds)}+${
        where.length ? `, ${where.join(', ')}` : ''
      }, valid ${days(rules.expiresInDays)} after you claim it. Stake not returned.`;
    }
    case 'odds_boost': {
      const pick = ctx.pick || `${rules.market} ${rules.outcome}`;
      const game = ctx.game || 'the game';
      const price =
        rules.boostedOdds !== undefined
          ? `boosted to ${oddsText(rules.boostedOdds)}`
          : `+${pct(rules.boostPercent ?? 0)} on the price`;
      return `${pick} in ${game} ${price}, max stake ${termsMoney(rules.maxStake)}.`;
    }
    case 'acca_bonus': {
      const tiers = accaTiers(rules);
      const first = tiers[0];
      const last = tiers[tiers.length - 1];
      if (!first || !last) return '';
      const range =
        first === last
          ? `+${pct(first.percent)} on multis of ${first.legs}+ legs`
          : `+${pct(first.percent)} (${first.legs} legs) up to +${pct(last.percent)} (${last.legs}+ legs)`;
      return `A payout bonus of ${range}, each leg at odds ${oddsText(rules.minOddsPerLeg)}+.`;
    }
  }
}
