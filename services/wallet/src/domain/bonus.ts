import { InvalidRulesError } from './errors';

/**
 * Bonus money's rules (decision wallet-007): what a deposit match grants, how stakes count
 * towards a grant's wagering, when it converts to cash and when it expires. Amounts in cents,
 * odds in thousandths (1.50 = 1500) so that no rule ever compares floats.
 */

/** A deposit match as the wallet keeps it (a snapshot of the promotion's rules at the claim). */
export interface DepositMatchRule {
  /** percent of the deposit granted, 1..1000 */
  percent: number;
  /** the most one grant gives */
  capCents: bigint;
  /** wagering required = grant × this (0 = converts at once) */
  wageringMultiplier: number;
  /** a stake counts towards wagering at these odds or more (thousandths) */
  minOddsMilli: number;
  /** a grant expires this many days after it is made */
  expiresInDays: number;
  /** only the player's first deposit after the claim is matched (else every deposit until expiry) */
  firstDepositOnly: boolean;
}

export function validateDepositMatch(rule: DepositMatchRule): void {
  const bad = (msg: string) => new InvalidRulesError(msg);
  if (!Number.isInteger(rule.percent) || rule.percent < 1 || rule.percent > 1000)
    throw bad('percent must be a whole number from 1 to 1000');
  if (rule.capCents <= 0n) throw bad('cap must be positive');
  if (
    !Number.isInteger(rule.wageringMultiplier) ||
    rule.wageringMultiplier < 0 ||
    rule.wageringMultiplier > 100
  )
    throw bad('wagering multiplier must be a whole number from 0 to 100');
  if (!Number.isInteger(rule.minOddsMilli) || rule.minOddsMilli < 1000)
    throw bad('minimum odds must be at least 1.00');
  if (!Number.isInteger(rule.expiresInDays) || rule.expiresInDays < 1 || rule.expiresInDays > 365)
    throw bad('expiry must be 1 to 365 days');
}

/** What a deposit earns: percent of it, rounded down to the cent, at most the cap. */
export function depositMatchAmount(rule: DepositMatchRule, depositCents: bigint): bigint {
  if (depositCents <= 0n) return 0n;
  const match = (depositCents * BigInt(rule.percent)) / 100n;
  return match < rule.capCents ? match : rule.capCents;
}

export function wageringRequired(rule: DepositMatchRule, grantCents: bigint): bigint {
  return grantCents * BigInt(rule.wageringMultiplier);
}

export function grantExpiry(rule: DepositMatchRule, grantedAt: Date): Date {
  return new Date(grantedAt.getTime() + rule.expiresInDays * 86_400_000);
}

export interface ActiveGrant {
  id: string;
  wageredCents: bigint;
  requiredCents: bigint;
  minOddsMilli: number;
  expiresAt: Date;
}

/**
 * A settled stake's share of each active grant's wagering, oldest grant first: a grant takes
 * what it still needs and passes the rest on; a stake below a grant's minimum odds, or after
 * its expiry, does not count for it. Returns the grants that moved, with their new totals.
 */
export function applyWagering(
  grants: readonly ActiveGrant[],
  stakeCents: bigint,
  oddsMilli: number,
  at: Date,
): Array<{ id: string; add: bigint; wageredCents: bigint; met: boolean }> {
  const out: Array<{ id: string; add: bigint; wageredCents: bigint; met: boolean }> = [];
  let left = stakeCents;
  for (const g of grants) {
    if (left <= 0n) break;
    if (oddsMilli < g.minOddsMilli || at.getTime() >= g.expiresAt.getTime()) continue;
    const need = g.requiredCents - g.wageredCents;
    if (need <= 0n) continue;
    // biome-ignore lint/complexity/useMathMinMax: bigints (Math.min takes numbers)
    const add = left < need ? left : need;
    left -= add;
    const wagered = g.wageredCents + add;
    out.push({ id: g.id, add, wageredCents: wagered, met: wagered >= g.requiredCents });
  }
  return out;
}

/** What a conversion moves: the grant's remainder, never more than the bonus account holds. */
export function conversionAmount(remainingCents: bigint, bonusBalance: bigint): bigint {
  if (remainingCents <= 0n || bonusBalance <= 0n) return 0n;
  return remainingCents < bonusBalance ? remainingCents : bonusBalance;
}

/** A free-bet token as the wallet keeps it (decision wallet-008). */
export interface FreeBetToken {
  userId: string;
  amountCents: bigint;
  minOddsMilli: number;
  expiresAt: Date;
  status: 'active' | 'used' | 'expired';
}

/**
 * Why a token cannot pay this stake (null: it can). A token pays one bet (a single or a
 * multi, never a set of singles) of exactly its amount, at its minimum odds or more, before
 * its expiry, for its owner only (another player's token is "not found", as an unknown one).
 */
export function freeBetRefusal(
  token: FreeBetToken | undefined,
  use: { userId: string; amountCents: bigint; oddsMilli: number; bets: number; at: Date },
): string | null {
  if (!token || token.userId !== use.userId) return 'Free bet not found.';
  if (token.status === 'used') return 'This free bet was already used.';
  if (token.status === 'expired' || use.at.getTime() >= token.expiresAt.getTime())
    return 'This free bet has expired.';
  if (use.bets !== 1) return 'A free bet pays one bet: place a single or a multi.';
  if (use.amountCents !== token.amountCents)
    return `A free bet's stake must be ${(Number(token.amountCents) / 100).toFixed(2)}.`;
  if (use.oddsMilli < token.minOddsMilli)
    return `A free bet needs odds of ${(token.minOddsMilli / 1000).toFixed(2)} or more.`;
  return null;
}
