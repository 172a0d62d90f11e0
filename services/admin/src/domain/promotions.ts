import { DomainError } from '@bet/kit/core';

export const PROMO_TYPES = ['Bonus', 'FreeBet', 'OddsBoost'] as const;
export type PromoType = (typeof PROMO_TYPES)[number];

export interface Promotion {
  id: string;
  title: string;
  description: string;
  promoType: PromoType;
  isActive: boolean;
  expiresAt: Date | null;
}

export interface PromotionInput {
  title?: string;
  description?: string;
  promoType?: string;
  isActive?: boolean;
  /** an ISO date-time, a date (YYYY-MM-DD: the end of that day, UTC), '' or null for none */
  expiresAt?: string | null;
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
  if (problems.length > 0)
    throw new PromotionInvalid(problems[0]!.path === 'expiresAt' ? problems[0]!.msg : REQUIRED, problems);
  return {
    id,
    title,
    description,
    promoType: (input.promoType as PromoType | undefined) ?? 'Bonus',
    isActive: input.isActive ?? true,
    expiresAt: expiresAt as Date | null,
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
  if (problems.length > 0)
    throw new PromotionInvalid(problems[0]!.path === 'expiresAt' ? problems[0]!.msg : REQUIRED, problems);
  return {
    ...current,
    title,
    description,
    promoType: (input.promoType as PromoType | undefined) ?? current.promoType,
    isActive: input.isActive ?? current.isActive,
    expiresAt: expiresAt as Date | null,
  };
}

/** What players see: active, and not yet expired. */
export function isOnOffer(p: Pick<Promotion, 'isActive' | 'expiresAt'>, now: number): boolean {
  return p.isActive && (p.expiresAt === null || p.expiresAt.getTime() > now);
}

export class PromotionInvalid extends DomainError {
  constructor(
    msg: string,
    readonly problems: FieldProblem[],
  ) {
    super('invalid_promotion', msg);
  }
}
