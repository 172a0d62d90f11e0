// The admin form's promotion rules (issue 33): a draft of strings per kind, turned into the
// API's `rules` with the problems the server would answer (the catalogue's schema and the admin
// domain's rulesProblems), under the same paths (`rules.amount`, `rules.tiers[0].legs`), so a
// field shows the client's message before sending and the server's errors[] after.
import { type PromotionRules, RULE_KINDS, type RuleKind } from '@bet/web-shell/promo';

export type PromoType = keyof typeof RULE_KINDS;

export interface FieldProblem {
  path: string;
  msg: string;
}

export interface Drafts {
  deposit_match: {
    percent: string;
    cap: string;
    wagering: string;
    minOdds: string;
    expiresInDays: string;
    firstDepositOnly: boolean;
  };
  free_bet: { amount: string; minOdds: string; expiresInDays: string; leagues: string; markets: string };
  odds_boost: {
    gameId: string;
    market: string;
    outcome: string;
    boostBy: 'odds' | 'percent';
    boostedOdds: string;
    boostPercent: string;
    maxStake: string;
  };
  acca_bonus: { tiers: Array<{ legs: string; percent: string }>; minOddsPerLeg: string };
}

export interface RulesDraft {
  /** 'none': a card that pays nothing (the spec's promotion) */
  kind: RuleKind | 'none';
  drafts: Drafts;
}

export const DEFAULT_DRAFTS: Drafts = {
  deposit_match: {
    percent: '100',
    cap: '100',
    wagering: '5',
    minOdds: '1.50',
    expiresInDays: '30',
    firstDepositOnly: true,
  },
  free_bet: { amount: '10', minOdds: '1.50', expiresInDays: '7', leagues: '', markets: '' },
  odds_boost: {
    gameId: '',
    market: '1x2',
    outcome: 'A',
    boostBy: 'odds',
    boostedOdds: '',
    boostPercent: '10',
    maxStake: '20',
  },
  acca_bonus: {
    tiers: [
      { legs: '3', percent: '3' },
      { legs: '5', percent: '10' },
      { legs: '10', percent: '25' },
      { legs: '20', percent: '100' },
    ],
    minOddsPerLeg: '1.20',
  },
};

const list = (v: string[] | undefined) => (v ?? []).join(', ');

/** The draft of a promotion's rules (defaults for the kinds it does not carry). */
export function draftOf(rules: PromotionRules | null | undefined): RulesDraft {
  const drafts: Drafts = structuredClone(DEFAULT_DRAFTS);
  if (!rules) return { kind: 'none', drafts };
  switch (rules.kind) {
    case 'deposit_match':
      drafts.deposit_match = {
        percent: String(rules.percent),
        cap: String(rules.cap),
        wagering: String(rules.wagering),
        minOdds: String(rules.minOdds),
        expiresInDays: String(rules.expiresInDays),
        firstDepositOnly: rules.firstDepositOnly,
      };
      break;
    case 'free_bet':
      drafts.free_bet = {
        amount: String(rules.amount),
        minOdds: String(rules.minOdds),
        expiresInDays: String(rules.expiresInDays),
        leagues: list(rules.leagues),
        markets: list(rules.markets),
      };
      break;
    case 'odds_boost':
      drafts.odds_boost = {
        gameId: rules.gameId,
        market: rules.market,
        outcome: rules.outcome,
        boostBy: rules.boostedOdds !== undefined ? 'odds' : 'percent',
        boostedOdds: rules.boostedOdds !== undefined ? String(rules.boostedOdds) : '',
        boostPercent: rules.boostPercent !== undefined ? String(rules.boostPercent) : '10',
        maxStake: String(rules.maxStake),
      };
      break;
    case 'acca_bonus':
      drafts.acca_bonus = {
        tiers: rules.tiers.map((t) => ({ legs: String(t.legs), percent: String(t.percent) })),
        minOddsPerLeg: String(rules.minOddsPerLeg),
      };
      break;
  }
  return { kind: rules.kind, drafts };
}

/** The kind a promotion of this type carries after a change of type: kept if it fits, else its first. */
export function kindForType(type: PromoType, kind: RulesDraft['kind']): RulesDraft['kind'] {
  if (kind === 'none') return 'none';
  return (RULE_KINDS[type] as readonly RuleKind[]).includes(kind) ? kind : RULE_KINDS[type][0];
}

// ── checks, as the server makes them ─────────────────────────────────────────────────────────

class Checker {
  readonly problems: FieldProblem[] = [];
  private add(path: string, msg: string) {
    if (!this.problems.some((p) => p.path === path)) this.problems.push({ path, msg });
  }
  /** a number within [min, max] (exclusive of min with `above`), an integer with `integer` */
  num(
    path: string,
    label: string,
    raw: string,
    o: { min: number; max: number; above?: boolean; integer?: boolean; cents?: boolean },
  ): number {
    const t = raw.trim();
    const v = t === '' ? Number.NaN : Number(t);
    if (!Number.isFinite(v)) this.add(path, `${label} is required`);
    else if (o.integer && !Number.isInteger(v)) this.add(path, `${label} must be a whole number`);
    else if (o.above ? v <= o.min : v < o.min)
      this.add(path, `${label} must be ${o.above ? 'greater than' : 'at least'} ${o.min}`);
    else if (v > o.max) this.add(path, `${label} must be at most ${o.max.toLocaleString('en-US')}`);
    else if (o.cents && Math.abs(v * 100 - Math.round(v * 100)) > 1e-6)
      this.add(path, `${label} must be whole cents`);
    return v;
  }
  text(path: string, label: string, raw: string, max = 100): string {
    const v = raw.trim();
    if (!v) this.add(path, `${label} is required`);
    else if (v.length > max) this.add(path, `${label} must be at most ${max} characters`);
    return v;
  }
  names(path: string, label: string, raw: string): string[] | undefined {
    const v = raw
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (v.length > 50) this.add(path, `${label}: at most 50`);
    if (v.some((s) => s.length > 100)) this.add(path, `${label}: each at most 100 characters`);
    return v.length > 0 ? v : undefined;
  }
  fail(path: string, msg: string) {
    this.add(path, msg);
  }
}

const ODDS = { min: 1.01, max: 1000 };
const DOLLARS = { min: 0, max: 1_000_000, above: true, cents: true };
const DAYS = { min: 1, max: 365, integer: true };

/**
 * The rules the form would send (null for none) and what is wrong with them: the catalogue's
 * bounds (odds 1.01–1000, amounts above 0 and up to $1,000,000 in whole cents, days 1–365…), a
 * kind the promotion's type may carry, one boost price, each number of legs once.
 */
export function checkRules(
  type: PromoType,
  draft: RulesDraft,
): { rules: PromotionRules | null; problems: FieldProblem[] } {
  const c = new Checker();
  if (draft.kind === 'none') return { rules: null, problems: [] };
  if (!(RULE_KINDS[type] as readonly RuleKind[]).includes(draft.kind))
    c.fail('rules.kind', `a ${type} promotion takes rules of kind ${RULE_KINDS[type].join(' or ')}`);
  let rules: PromotionRules;
  switch (draft.kind) {
    case 'deposit_match': {
      const d = draft.drafts.deposit_match;
      rules = {
        kind: 'deposit_match',
        percent: c.num('rules.percent', 'Match %', d.percent, { min: 1, max: 1000, integer: true }),
        cap: c.num('rules.cap', 'Cap', d.cap, DOLLARS),
        wagering: c.num('rules.wagering', 'Wagering ×', d.wagering, { min: 0, max: 100, integer: true }),
        minOdds: c.num('rules.minOdds', 'Minimum odds', d.minOdds, ODDS),
        expiresInDays: c.num('rules.expiresInDays', 'Days to wager', d.expiresInDays, DAYS),
        firstDepositOnly: d.firstDepositOnly,
      };
      break;
    }
    case 'free_bet': {
      const d = draft.drafts.free_bet;
      const leagues = c.names('rules.leagues', 'Leagues', d.leagues);
      const markets = c.names('rules.markets', 'Markets', d.markets);
      rules = {
        kind: 'free_bet',
        amount: c.num('rules.amount', 'Amount', d.amount, DOLLARS),
        minOdds: c.num('rules.minOdds', 'Minimum odds', d.minOdds, ODDS),
        expiresInDays: c.num('rules.expiresInDays', 'Valid for (days)', d.expiresInDays, DAYS),
        ...(leagues ? { leagues } : {}),
        ...(markets ? { markets } : {}),
      };
      break;
    }
    case 'odds_boost': {
      const d = draft.drafts.odds_boost;
      if (!/^[0-9a-f]{24}$/.test(d.gameId)) c.fail('rules.gameId', 'Choose a game');
      const price =
        d.boostBy === 'odds'
          ? { boostedOdds: c.num('rules.boostedOdds', 'Boosted odds', d.boostedOdds, ODDS) }
          : {
              boostPercent: c.num('rules.boostPercent', 'Boost %', d.boostPercent, { min: 0.01, max: 1000 }),
            };
      rules = {
        kind: 'odds_boost',
        gameId: d.gameId,
        market: c.text('rules.market', 'Market', d.market),
        outcome: c.text('rules.outcome', 'Outcome', d.outcome),
        ...price,
        maxStake: c.num('rules.maxStake', 'Maximum stake', d.maxStake, DOLLARS),
      };
      break;
    }
    case 'acca_bonus': {
      const d = draft.drafts.acca_bonus;
      if (d.tiers.length === 0) c.fail('rules.tiers', 'Add at least one tier');
      if (d.tiers.length > 30) c.fail('rules.tiers', 'At most 30 tiers');
      const tiers = d.tiers.map((t, i) => ({
        legs: c.num(`rules.tiers[${i}].legs`, 'Legs', t.legs, { min: 2, max: 30, integer: true }),
        percent: c.num(`rules.tiers[${i}].percent`, 'Bonus %', t.percent, { min: 0.01, max: 1000 }),
      }));
      if (new Set(tiers.map((t) => t.legs)).size !== tiers.length)
        c.fail('rules.tiers', 'each number of legs may appear once');
      rules = {
        kind: 'acca_bonus',
        tiers,
        minOddsPerLeg: c.num('rules.minOddsPerLeg', 'Minimum odds per leg', d.minOddsPerLeg, ODDS),
      };
      break;
    }
  }
  return { rules, problems: c.problems };
}
