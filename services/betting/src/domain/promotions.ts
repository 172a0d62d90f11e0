import { moneyText, refusal } from '@bet/kit/core';
import { DEFAULT_MARKET } from '@bet/proto-events';

/**
 * Promotions that change a bet's price or payout (issue 33, decision betting-009): odds boosts
 * and the accumulator bonus. Pure rules over betting's projection of the admin's promotions;
 * odds in hundredths, percents in basis points (1 % = 100 bp), money in cents.
 */

/** An odds boost as betting keeps it (decimal odds and dollars turned into hundredths and cents). */
export interface BoostRule {
  promotionId: string;
  gameId: string;
  market: string;
  outcome: string;
  /** a fixed boosted price (hundredths), or null when the boost is a percent of the model price */
  boostedOdds: number | null;
  /** the percent boost in basis points (10 % = 1000), or null */
  boostBp: number | null;
  maxStakeCents: bigint;
  isActive: boolean;
  expiresAt: Date | null;
}

/** An accumulator bonus as betting keeps it. */
export interface AccaRule {
  promotionId: string;
  /** percent (bp) by number of legs, any order */
  tiers: AccaTier[];
  /** every leg at these odds or more (hundredths) */
  minOddsPerLeg: number;
  isActive: boolean;
  expiresAt: Date | null;
}

export interface AccaTier {
  legs: number;
  bp: number;
}

export class BoostUnavailableError extends refusal(
  'boost_unavailable',
  'This odds boost is no longer available.',
) {}
export class BoostOtherPickError extends refusal('boost_other_pick') {}
export class BoostMaxStakeError extends refusal('boost_max_stake') {}
export class BoostOnFreeBetError extends refusal(
  'boost_free_bet',
  'A free bet cannot be placed at a boosted price.',
) {}
export class BoostTwiceError extends refusal('boost_twice', 'A bet may take one odds boost.') {}

/** A promotion is on offer while active and not past its expiry (as the admin's GET /promotions lists it). */
export function onOffer(p: { isActive: boolean; expiresAt: Date | null }, now: Date): boolean {
  return p.isActive && (p.expiresAt === null || p.expiresAt.getTime() > now.getTime());
}

/** Percent (a decimal, two places at most) to basis points. */
export const percentToBp = (percent: number): number => Math.round(percent * 100);

/**
 * The boosted price of a pick (hundredths): the fixed boosted odds, or the model price ×
 * (1 + percent/100) rounded down to the hundredth.
 */
export function boostedPrice(modelOdds: number, boost: Pick<BoostRule, 'boostedOdds' | 'boostBp'>): number {
  if (boost.boostedOdds !== null) return boost.boostedOdds;
  const bp = BigInt(boost.boostBp ?? 0);
  return Number((BigInt(modelOdds) * (10_000n + bp)) / 10_000n);
}

const dollars = (cents: bigint) => moneyText(cents);

/**
 * The boost a selection names may price it: on offer now, for exactly this game, market and
 * outcome, and the bet's stake within its maximum. Throws the refusal otherwise.
 */
export function checkBoost(
  boost: BoostRule | undefined,
  pick: { gameId: string; market?: string; outcome: string },
  stakeCents: bigint,
  now: Date,
): BoostRule {
  if (!boost || !onOffer(boost, now)) throw new BoostUnavailableError();
  const market = pick.market ?? DEFAULT_MARKET;
  if (boost.gameId !== pick.gameId || boost.market !== market || boost.outcome !== pick.outcome)
    throw new BoostOtherPickError('This odds boost is for another pick.');
  if (stakeCents > boost.maxStakeCents)
    throw new BoostMaxStakeError(`The maximum stake on this odds boost is ${dollars(boost.maxStakeCents)}.`);
  return boost;
}

/** The percent (bp) of the highest tier whose number of legs is at most `legs`; 0 when none is. */
export function tierBp(tiers: readonly AccaTier[], legs: number): number {
  let best: AccaTier | undefined;
  for (const t of tiers) if (t.legs <= legs && (!best || t.legs > best.legs)) best = t;
  return best?.bp ?? 0;
}

/** The bonus on net winnings: `bp` of (payout − stake), rounded down to the cent; 0 when nothing was won. */
export function accaBonusCents(payoutCents: bigint, stakeCents: bigint, bp: number): bigint {
  const net = payoutCents - stakeCents;
  if (net <= 0n || bp <= 0) return 0n;
  return (net * BigInt(bp)) / 10_000n;
}

/**
 * The accumulator bonus a multi gets at placement: of every acca bonus on offer, the one with
 * the highest percent for its number of legs (then the smallest id), when every leg is at its
 * minimum odds or more. Null: none applies (a single, a free bet or a boosted leg never gets one:
 * decision betting-009).
 */
export function accaBonusFor(
  rules: readonly AccaRule[],
  legOdds: readonly number[],
  now: Date,
): { rule: AccaRule; bp: number } | null {
  let best: { rule: AccaRule; bp: number } | null = null;
  for (const rule of rules) {
    if (!onOffer(rule, now)) continue;
    if (legOdds.some((o) => o < rule.minOddsPerLeg)) continue;
    const bp = tierBp(rule.tiers, legOdds.length);
    if (bp <= 0) continue;
    if (!best || bp > best.bp || (bp === best.bp && rule.promotionId < best.rule.promotionId))
      best = { rule, bp };
  }
  return best;
}

/**
 * At settlement the bonus is re-tiered on the legs that won: void and pushed legs (odds 1.00)
 * do not count, so a 4-leg multi with a void leg is paid the 3-leg tier, or nothing below the
 * lowest tier.
 */
export function settledAccaBp(
  tiers: readonly AccaTier[],
  legs: ReadonlyArray<{ result: string | null }>,
): number {
  return tierBp(tiers, legs.filter((l) => l.result === 'won').length);
}

/** What a bet's promotions add to an evaluation, and what they cost (issue 33, decision betting-009). */
export interface PromotedResult {
  /** the payout with the accumulator bonus in it (a won bet), else as evaluated */
  payoutCents: bigint | null;
  /** the bonus percent as settled (re-tiered on the won legs) and the bonus paid */
  accaBonusBp: number;
  accaBonusCents: bigint;
  /** what the bet's promotion costs in this result: the bonus, or what a boost paid over the model price */
  costCents: bigint;
}

/**
 * A won bet's accumulator bonus (bp of the net winnings, re-tiered on the legs that won) and a
 * boost's cost (the payout less what the legs' model prices would have paid). `payoutCents` is
 * the evaluation's (null: not a win). Pure: the settler adds the bonus to the payout.
 */
export function promotedResult(
  stakeCents: bigint,
  payoutCents: bigint | null,
  legs: ReadonlyArray<{ odds: number; result: string | null; baseOdds?: number | null }>,
  acca: { tiers: readonly AccaTier[] } | null,
  payoutAt: (stakeCents: bigint, odds: number[]) => bigint,
): PromotedResult {
  if (payoutCents === null) return { payoutCents, accaBonusBp: 0, accaBonusCents: 0n, costCents: 0n };
  if (acca) {
    const bp = settledAccaBp(acca.tiers, legs);
    const bonus = accaBonusCents(payoutCents, stakeCents, bp);
    return { payoutCents: payoutCents + bonus, accaBonusBp: bp, accaBonusCents: bonus, costCents: bonus };
  }
  const boosted = legs.some((l) => l.baseOdds != null && l.result === 'won');
  if (!boosted) return { payoutCents, accaBonusBp: 0, accaBonusCents: 0n, costCents: 0n };
  const base = payoutAt(
    stakeCents,
    legs.filter((l) => l.result === 'won').map((l) => l.baseOdds ?? l.odds),
  );
  const cost = payoutCents - base;
  return { payoutCents, accaBonusBp: 0, accaBonusCents: 0n, costCents: cost > 0n ? cost : 0n };
}
