import { centsToDollars, newId } from '@bet/kit';
import type { AppContext } from '../context';
import { type DepositMatchRule, validateDepositMatch } from '../domain/bonus';
import { ExcludedError, InvalidRulesError } from '../domain/errors';
import {
  type ClaimRow,
  claimsAndGrantsOf,
  type GrantRow,
  insertClaim,
  insertFreeBet,
  setClaimStatus,
} from '../store/bonus';
import { userProtection } from '../store/users';

/**
 * A player's promotions (decision wallet-007): the claim that opts them in (a free bet's token
 * is issued with it, decision wallet-008), and their claims with each grant's progress.
 * What a claim's grant then does is app/bonus-grants.ts's.
 */

export const SELF_EXCLUDED = 'Promotions are not available while a time-out or self-exclusion runs.';

/** The deposit-match rule as JSON (cents and odds as numbers), as a claim stores it. */
export interface DepositMatchJson {
  kind: 'deposit_match';
  percent: number;
  capCents: number;
  wageringMultiplier: number;
  minOddsMilli: number;
  expiresInDays: number;
  firstDepositOnly: boolean;
}

export function depositMatchRule(json: DepositMatchJson): DepositMatchRule {
  return {
    percent: json.percent,
    capCents: BigInt(json.capCents),
    wageringMultiplier: json.wageringMultiplier,
    minOddsMilli: json.minOddsMilli,
    expiresInDays: json.expiresInDays,
    firstDepositOnly: json.firstDepositOnly,
  };
}

/**
 * A player opts in to a promotion: once per player and promotion (a second claim answers the
 * first, `created: false`). A player in a time-out or self-exclusion gets no offer (403).
 */
export async function claimPromotion(
  ctx: AppContext,
  input: {
    userId: string;
    promotionId: string;
    kind: 'deposit_match' | 'free_bet';
    rules: DepositMatchJson | FreeBetJson;
    offerExpiresAt: Date | null;
    at?: Date;
  },
): Promise<{ claim: ClaimRow; created: boolean }> {
  const at = input.at ?? new Date();
  if (input.rules.kind === 'free_bet') validateFreeBet(input.rules);
  else validateDepositMatch(depositMatchRule(input.rules));
  const protection = await userProtection(ctx.db, input.userId);
  if (protection?.excluded_until && new Date(protection.excluded_until) > at)
    throw new ExcludedError(SELF_EXCLUDED);
  return ctx.tx(async (trx) => {
    const claimed = await insertClaim(trx, {
      id: newId(),
      userId: input.userId,
      promotionId: input.promotionId,
      kind: input.rules.kind === 'free_bet' ? 'free_bet' : 'deposit_match',
      rules: input.rules,
      offerExpiresAt: input.offerExpiresAt,
    });
    // a free bet's token is issued at the claim (decision wallet-008); it is not money until it pays a stake
    if (claimed.created && input.rules.kind === 'free_bet') {
      await insertFreeBet(trx, {
        id: newId(),
        claimId: claimed.claim.id,
        userId: input.userId,
        promotionId: input.promotionId,
        amountCents: BigInt(input.rules.amountCents),
        minOddsMilli: input.rules.minOddsMilli,
        leagues: input.rules.leagues ?? [],
        markets: input.rules.markets ?? [],
        expiresAt: new Date(at.getTime() + input.rules.expiresInDays * 86_400_000),
      });
      await setClaimStatus(trx, claimed.claim.id, 'used');
    }
    return claimed;
  });
}

/** A free bet's rules as a claim stores them (cents, odds in thousandths). */
export interface FreeBetJson {
  kind: 'free_bet';
  amountCents: number;
  minOddsMilli: number;
  expiresInDays: number;
  /** eligible leagues and markets (absent or empty: any), kept on the token (decision betting-010) */
  leagues?: string[];
  markets?: string[];
}

function validateFreeBet(r: FreeBetJson) {
  if (!Number.isInteger(r.amountCents) || r.amountCents <= 0)
    throw new InvalidRulesError('a free bet needs a positive amount');
  if (!Number.isInteger(r.minOddsMilli) || r.minOddsMilli < 1000)
    throw new InvalidRulesError('minimum odds must be at least 1.00');
  if (!Number.isInteger(r.expiresInDays) || r.expiresInDays < 1 || r.expiresInDays > 365)
    throw new InvalidRulesError('expiry must be 1 to 365 days');
}

export interface MyPromotion {
  claimId: string;
  promotionId: string;
  kind: ClaimRow['kind'];
  status: ClaimRow['status'];
  claimedAt: string;
  /** a free bet's token (issue 33): what the slip's freeBetId names */
  freeBets: Array<{
    _id: string;
    amount: number;
    minOdds: number;
    status: 'active' | 'used' | 'expired';
    betId: string | null;
    expiresAt: string;
  }>;
  grants: Array<{
    _id: string;
    amount: number;
    remaining: number;
    wagered: number;
    required: number;
    minOdds: number;
    status: GrantRow['status'];
    expiresAt: string;
    createdAt: string;
  }>;
}

/** A player's claims with their grants and wagering progress (dollars). */
export async function myPromotions(ctx: AppContext, userId: string): Promise<MyPromotion[]> {
  const { claims, grants, freeBets } = await claimsAndGrantsOf(ctx.db, userId);
  const now = Date.now();
  const dollars = (c: string | bigint) => centsToDollars(BigInt(c));
  return claims.map((c) => ({
    claimId: c.id,
    promotionId: c.promotion_id,
    kind: c.kind,
    status: c.status,
    claimedAt: new Date(c.created_at).toISOString(),
    grants: grants
      .filter((g) => g.claim_id === c.id)
      .map((g) => ({
        _id: g.id,
        amount: dollars(g.amount_cents),
        remaining: dollars(g.remaining_cents),
        wagered: dollars(g.wagered_cents),
        required: dollars(g.required_cents),
        minOdds: g.min_odds_milli / 1000,
        status: g.status,
        expiresAt: new Date(g.expires_at).toISOString(),
        createdAt: new Date(g.created_at).toISOString(),
      })),
    // a token is `used` while a bet holds it (a void gives it back), `expired` past its date
    freeBets: freeBets
      .filter((t) => t.claim_id === c.id)
      .map((t) => ({
        _id: t.id,
        amount: dollars(t.amount_cents),
        minOdds: t.min_odds_milli / 1000,
        status:
          t.status === 'used'
            ? ('used' as const)
            : new Date(t.expires_at).getTime() <= now
              ? ('expired' as const)
              : ('active' as const),
        betId: t.bet_reference ?? null,
        expiresAt: new Date(t.expires_at).toISOString(),
      })),
  }));
}
