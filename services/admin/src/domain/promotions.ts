import { DomainError } from '@bet/kit/core';

export const PROMO_TYPES = ['Bonus', 'FreeBet', 'OddsBoost'] as const;
export type PromoType = (typeof PROMO_TYPES)[number];

/**
 * What a promotion pays (issue 33): the catalogue's `PromotionRules`, one shape per kind,
 * checked by the route's schema; amounts in dollars, odds as decimals.
 */
export type PromotionRules =
  | {
      kind: 'deposit_match';
      percent: number;
      cap: number;
      wagering: number;
      minOdds: number;
      expiresInDays: number;
      firstDepositOnly: boolean;
    }
  | { kind: 'acca_bonus'; tiers: Array<{ legs: number; percent: number }>; minOddsPerLeg: number }
  | {
      kind: 'free_bet';
      amount: number;
      minOdds: number;
      leagues?: string[];
      markets?: string[];
      expiresInDays: number;
    }
  | {
      kind: 'odds_boost';
      gameId: string;
      market: string;
      outcome: string;
      boostedOdds?: number;
      boostPercent?: number;
      maxStake: number;
    };

/** Which rule kinds each of the spec's promotion types may carry. */
export const RULE_KINDS: Record<PromoType, readonly PromotionRules['kind'][]> = {
  Bonus: ['deposit_match', 'acca_bonus'],
  FreeBet: ['free_bet'],
  OddsBoost: ['odds_boost'],
};

export interface Promotion {
  id: string;
  title: string;
  description: string;
  promoType: PromoType;
  isActive: boolean;
  expiresAt: Date | null;
  /** optional: a promotion without rules is a card and pays nothing */
  rules: PromotionRules | null;
}

export interface PromotionInput {
  title?: string;
  description?: string;
  promoType?: string;
  isActive?: boolean;
  /** an ISO date-time, a date (YYYY-MM-DD: the end of that day, UTC), '' or null for none */
  expiresAt?: string | null;
  /** shape checked by the route's schema; null removes them */
  rules?: PromotionRules | null;
}

const wholeCents = (dollars: number) => Math.abs(dollars * 100 - Math.round(dollars * 100)) < 1e-6;

/** Rules must fit the promotion's type, amounts be whole cents, and a boost name one price. */
export function rulesProblems(promoType: PromoType, rules: PromotionRules | null): FieldProblem[] {
  if (!rules) return [];
  const out: FieldProblem[] = [];
  if (!RULE_KINDS[promoType].includes(rules.kind))
    out.push({
      path: 'rules.kind',
      msg: `a ${promoType} promotion takes rules of kind ${RULE_KINDS[promoType].join(' or ')}`,
    });
  const money: Array<[string, number]> =
    rules.kind === 'deposit_match'
      ? [['rules.cap', rules.cap]]
      : rules.kind === 'free_bet'
        ? [['rules.amount', rules.amount]]
        : rules.kind === 'odds_boost'
          ? [['rules.maxStake', rules.maxStake]]
          : [];
  for (const [path, v] of money)
    if (!wholeCents(v)) out.push({ path, msg: `${path.slice(6)} must be whole cents` });
  if (rules.kind === 'odds_boost' && (rules.boostedOdds === undefined) === (rules.boostPercent === undefined))
    out.push({ path: 'rules.boostedOdds', msg: 'an odds boost takes either boostedOdds or boostPercent' });
  if (rules.kind === 'acca_bonus' && new Set(rules.tiers.map((t) => t.legs)).size !== rules.tiers.length)
    out.push({ path: 'rules.tiers', msg: 'each number of legs may appear once' });
  return out;
}

/** A deposit match as the wallet's claim command takes it (cents, odds in thousandths). */
export function depositMatchForWallet(rules: Extract<PromotionRules, { kind: 'deposit_match' }>) {
  return {
    kind: 'deposit_match' as const,
    percent: rules.percent,
    capCents: Math.round(rules.cap * 100),
    wageringMultiplier: rules.wagering,
    minOddsMilli: Math.round(rules.minOdds * 1000),
    expiresInDays: rules.expiresInDays,
    firstDepositOnly: rules.firstDepositOnly,
  };
}

/** A free bet as the wallet's claim command takes it (issue 33, decision wallet-008): cents, odds in thousandths. */
export function freeBetForWallet(rules: Extract<PromotionRules, { kind: 'free_bet' }>) {
  return {
    kind: 'free_bet' as const,
    amountCents: Math.round(rules.amount * 100),
    minOddsMilli: Math.round(rules.minOdds * 1000),
    expiresInDays: rules.expiresInDays,
    // the token keeps what the terms promise (decision betting-010); absent or empty: any
    ...(rules.leagues?.length ? { leagues: rules.leagues } : {}),
    ...(rules.markets?.length ? { markets: rules.markets } : {}),
  };
}

/** The rules the wallet's claim takes, or null when the promotion pays nothing to claim (yet). */
export function claimRulesForWallet(rules: PromotionRules | null) {
  if (rules?.kind === 'deposit_match') return depositMatchForWallet(rules);
  if (rules?.kind === 'free_bet') return freeBetForWallet(rules);
  return null;
}

export interface FieldProblem {
  path: string;
  msg: string;
}

const REQUIRED = 'Title and description are required.';

/** An expiry as the form sends it: empty means none; a bare date lasts until the end of that day (UTC). */
export function parseExpiry(value: string | null | undefined): Date | null | 'invalid' {
  if (value === undefined || value === null || value.trim() === '') return null;
  const v = value.trim();
  const t = /^\d{4}-\d{2}-\d{2}$/.test(v) ? Date.parse(`${v}T23:59:59.999Z`) : Date.parse(v);
  if (Number.isNaN(t)) return 'invalid';
  return new Date(t);
}

/** A new promotion from the form: defaults Bonus and active, no expiry. */
export function newPromotion(id: string, input: PromotionInput): Promotion {
  const problems: FieldProblem[] = [];
  const title = input.title?.trim() ?? '';
  const description = input.description?.trim() ?? '';
  if (!title) problems.push({ path: 'title', msg: 'title is required' });
  if (!description) problems.push({ path: 'description', msg: 'description is required' });
  const expiresAt = parseExpiry(input.expiresAt);
  if (expiresAt === 'invalid') problems.push({ path: 'expiresAt', msg: 'expiresAt must be a date' });
  const promoType = (input.promoType as PromoType | undefined) ?? 'Bonus';
  const rules = input.rules ?? null;
  problems.push(...rulesProblems(promoType, rules));
  if (problems.length > 0) throw invalidPromotion(problems);
  return {
    id,
    title,
    description,
    promoType,
    isActive: input.isActive ?? true,
    expiresAt: expiresAt as Date | null,
    rules,
  };
}

/** The promotion after an edit: only the fields sent change; title and description stay required. */
export function editPromotion(current: Promotion, input: PromotionInput): Promotion {
  const problems: FieldProblem[] = [];
  const title = input.title === undefined ? current.title : input.title.trim();
  const description = input.description === undefined ? current.description : input.description.trim();
  if (!title) problems.push({ path: 'title', msg: 'title is required' });
  if (!description) problems.push({ path: 'description', msg: 'description is required' });
  const expiresAt = input.expiresAt === undefined ? current.expiresAt : parseExpiry(input.expiresAt);
  if (expiresAt === 'invalid') problems.push({ path: 'expiresAt', msg: 'expiresAt must be a date' });
  const promoType = (input.promoType as PromoType | undefined) ?? current.promoType;
  const rules = input.rules === undefined ? current.rules : input.rules;
  problems.push(...rulesProblems(promoType, rules));
  if (problems.length > 0) throw invalidPromotion(problems);
  return {
    ...current,
    title,
    description,
    promoType,
    isActive: input.isActive ?? current.isActive,
    expiresAt: expiresAt as Date | null,
    rules,
  };
}

/** What players see: active, and not yet expired. */
export function isOnOffer(p: Pick<Promotion, 'isActive' | 'expiresAt'>, now: number): boolean {
  return p.isActive && (p.expiresAt === null || p.expiresAt.getTime() > now);
}

/** The spec's message for a missing title/description; otherwise the first problem's. */
function invalidPromotion(problems: FieldProblem[]) {
  const first = problems[0]!;
  const msg = first.path === 'title' || first.path === 'description' ? REQUIRED : first.msg;
  return new PromotionInvalid(msg, problems);
}

export class PromotionInvalid extends DomainError {
  constructor(
    msg: string,
    readonly problems: FieldProblem[],
  ) {
    super('invalid_promotion', msg);
  }
}
