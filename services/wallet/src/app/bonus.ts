import { centsToDollars, newId, recordEvents, retryOnConflict } from '@bet/kit';
import { moneyKeys, WalletBonusChanged } from '@bet/proto-events';
import type { AppContext } from '../context';
import {
  applyWagering,
  conversionAmount,
  type DepositMatchRule,
  depositMatchAmount,
  grantExpiry,
  validateDepositMatch,
  wageringRequired,
} from '../domain/bonus';
import { ExcludedError, InvalidRulesError } from '../domain/errors';
import { bonusConversionPostings, bonusExpiryPostings, bonusGrantPostings } from '../domain/postings';
import {
  type ClaimRow,
  claimsAndGrantsOf,
  claimWager,
  closeGrant,
  expiredGrantIds,
  type GrantRow,
  insertClaim,
  insertFreeBet,
  insertGrant,
  lockActiveGrants,
  lockGrant,
  openDepositClaims,
  setClaimStatus,
  setWagered,
  usersWithActiveGrants,
} from '../store/bonus';
import type { Trx } from '../store/db';
import { bonusBalance, postTransaction } from '../store/ledger';
import { userProtection } from '../store/users';

/**
 * Bonus money's use cases (decision wallet-007): a claim opts a player in, a deposit earns a
 * deposit match's grant, settled stakes at qualifying odds count towards its wagering, a grant
 * whose wagering is met becomes cash, one past its expiry is forfeited. Every step is a
 * ledger movement under its own `moneyKeys` key, so each happens once.
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

/** Every grant, conversion and forfeiture is announced for the admin's audit log. */
function announce(
  trx: Trx,
  e: {
    userId: string;
    promotionId: string;
    grantId: string;
    action: 'granted' | 'converted' | 'forfeited';
    amountCents: bigint;
    transactionId: string | null;
    at: Date;
  },
) {
  return recordEvents(trx, WalletBonusChanged, [
    { data: { ...e, amountCents: Number(e.amountCents), at: e.at.toISOString() } },
  ]);
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
}

function validateFreeBet(r: FreeBetJson) {
  if (!Number.isInteger(r.amountCents) || r.amountCents <= 0)
    throw new InvalidRulesError('a free bet needs a positive amount');
  if (!Number.isInteger(r.minOddsMilli) || r.minOddsMilli < 1000)
    throw new InvalidRulesError('minimum odds must be at least 1.00');
  if (!Number.isInteger(r.expiresInDays) || r.expiresInDays < 1 || r.expiresInDays > 365)
    throw new InvalidRulesError('expiry must be 1 to 365 days');
}

/**
 * Inside a deposit's credit: each open deposit-match claim of the player grants its match of
 * this deposit (first deposit only: the claim is used up). A grant needing no wagering is cash
 * at once.
 */
export async function grantDepositMatches(
  trx: Trx,
  deposit: { userId: string; depositId: string; amountCents: bigint; at: Date },
): Promise<void> {
  for (const claim of await openDepositClaims(trx, deposit.userId, deposit.at)) {
    const rule = depositMatchRule(claim.rules as DepositMatchJson);
    const amount = depositMatchAmount(rule, deposit.amountCents);
    if (rule.firstDepositOnly) await setClaimStatus(trx, claim.id, 'used');
    if (amount <= 0n) continue;
    const posted = await postTransaction(
      trx,
      {
        key: moneyKeys.bonusGrant(claim.id, deposit.depositId),
        type: 'bonus_grant',
        userId: deposit.userId,
        reference: claim.promotion_id,
        description: `Deposit bonus: ${rule.percent}% of your deposit`,
        requested: amount,
        metadata: { promotionId: claim.promotion_id, claimId: claim.id, depositId: deposit.depositId },
      },
      () => bonusGrantPostings(deposit.userId, amount),
    );
    if (posted.duplicate) continue;
    const grantId = newId();
    await insertGrant(trx, {
      id: grantId,
      claimId: claim.id,
      userId: deposit.userId,
      promotionId: claim.promotion_id,
      amountCents: amount,
      requiredCents: wageringRequired(rule, amount),
      minOddsMilli: rule.minOddsMilli,
      expiresAt: grantExpiry(rule, deposit.at),
      grantTxId: posted.transactionId,
      sourceReference: deposit.depositId,
    });
    await announce(trx, {
      userId: deposit.userId,
      promotionId: claim.promotion_id,
      grantId,
      action: 'granted',
      amountCents: amount,
      transactionId: posted.transactionId,
      at: deposit.at,
    });
    if (rule.wageringMultiplier === 0) await convertLocked(trx, (await lockGrant(trx, grantId))!, deposit.at);
  }
}

/**
 * A settled stake (won or lost) counts towards the player's active grants at its odds, once
 * per reference; grants whose wagering is met become cash in the same transaction.
 */
export async function recordWagering(
  ctx: AppContext,
  input: { userId: string; reference: string; stakeCents: bigint; oddsMilli: number; at?: Date },
): Promise<{ counted: boolean; converted: string[] }> {
  return retryOnConflict(() => ctx.tx((trx) => recordWageringIn(trx, input)));
}

/** `recordWagering` inside the caller's transaction (a settlement's, with its inbox row). */
export async function recordWageringIn(
  trx: Trx,
  input: { userId: string; reference: string; stakeCents: bigint; oddsMilli: number; at?: Date },
): Promise<{ counted: boolean; converted: string[] }> {
  const at = input.at ?? new Date();
  if (input.stakeCents <= 0n) return { counted: false, converted: [] };
  if (!(await claimWager(trx, input))) return { counted: false, converted: [] };
  const grants = await lockActiveGrants(trx, input.userId);
  const moved = applyWagering(
    grants.map((g) => ({
      id: g.id,
      wageredCents: BigInt(g.wagered_cents),
      requiredCents: BigInt(g.required_cents),
      minOddsMilli: g.min_odds_milli,
      expiresAt: new Date(g.expires_at),
    })),
    input.stakeCents,
    input.oddsMilli,
    at,
  );
  const converted: string[] = [];
  for (const m of moved) {
    await setWagered(trx, m.id, m.wageredCents);
    if (!m.met) continue;
    await convertLocked(trx, grants.find((g) => g.id === m.id)!, at);
    converted.push(m.id);
  }
  return { counted: true, converted };
}

/** A bet's first result as bets.settled tells it (a correction never counts again). */
export interface SettledStake {
  betId: string;
  userId: string;
  stakeCents: number;
  oddsHundredths?: number;
  freeBetCents?: number;
  settledAt: string;
}

/**
 * Settled bets' stakes towards wagering, in the settlement's transaction: only players with an
 * active grant are looked at (one query for a whole batch), only a stake whose event carries
 * its odds (events from before issue 33 do not), and only the player's own money (a free
 * bet's part never counts). Grants met convert to cash here (decision wallet-008).
 */
export async function countSettledStakes(trx: Trx, settled: readonly SettledStake[]): Promise<void> {
  const counted = settled.filter((s) => s.oddsHundredths !== undefined);
  if (counted.length === 0) return;
  const withGrants = await usersWithActiveGrants(trx, [...new Set(counted.map((s) => s.userId))]);
  for (const s of counted) {
    if (!withGrants.has(s.userId)) continue;
    await recordWageringIn(trx, {
      userId: s.userId,
      reference: s.betId,
      stakeCents: stakeOwnPart(s),
      oddsMilli: (s.oddsHundredths as number) * 10,
      at: new Date(s.settledAt),
    });
  }
}

/** What of a stake was the player's money (not a free-bet token's). */
function stakeOwnPart(s: SettledStake): bigint {
  const own = BigInt(s.stakeCents) - BigInt(s.freeBetCents ?? 0);
  return own > 0n ? own : 0n;
}

/** Wagering met: what is left of the grant moves from the bonus account to the cash wallet. */
async function convertLocked(trx: Trx, grant: GrantRow, at: Date): Promise<void> {
  if (grant.status !== 'active') return;
  const amount = conversionAmount(BigInt(grant.remaining_cents), await bonusBalance(trx, grant.user_id));
  let txId: string | null = null;
  if (amount > 0n) {
    const posted = await postTransaction(
      trx,
      {
        key: moneyKeys.bonusConversion(grant.id),
        type: 'bonus_conversion',
        userId: grant.user_id,
        reference: grant.promotion_id,
        description: 'Bonus wagering complete: bonus turned into cash',
        requested: amount,
        metadata: { promotionId: grant.promotion_id, grantId: grant.id },
      },
      () => bonusConversionPostings(grant.user_id, amount),
    );
    txId = posted.transactionId;
  }
  await closeGrant(trx, grant.id, 'converted', txId, at);
  await announce(trx, {
    userId: grant.user_id,
    promotionId: grant.promotion_id,
    grantId: grant.id,
    action: 'converted',
    amountCents: amount,
    transactionId: txId,
    at,
  });
}

/**
 * Forfeits what is left of one grant past its expiry (a ledger movement back to the
 * promotions account). A grant converted meanwhile is left alone (checked under its lock).
 */
export async function expireGrant(ctx: AppContext, grantId: string, at = new Date()): Promise<boolean> {
  return retryOnConflict(() =>
    ctx.tx(async (trx) => {
      const grant = await lockGrant(trx, grantId);
      if (grant?.status !== 'active' || new Date(grant.expires_at) > at) return false;
      const amount = conversionAmount(BigInt(grant.remaining_cents), await bonusBalance(trx, grant.user_id));
      let txId: string | null = null;
      if (amount > 0n) {
        const posted = await postTransaction(
          trx,
          {
            key: moneyKeys.bonusExpiry(grant.id),
            type: 'bonus_expiry',
            userId: grant.user_id,
            reference: grant.promotion_id,
            description: 'Bonus expired before its wagering was met',
            requested: -amount,
            metadata: { promotionId: grant.promotion_id, grantId: grant.id },
          },
          () => bonusExpiryPostings(grant.user_id, amount),
        );
        txId = posted.transactionId;
      }
      await closeGrant(trx, grant.id, 'expired', txId, at);
      await announce(trx, {
        userId: grant.user_id,
        promotionId: grant.promotion_id,
        grantId: grant.id,
        action: 'forfeited',
        amountCents: amount,
        transactionId: txId,
        at,
      });
      ctx.logger.info({ grantId, userId: grant.user_id, amountCents: String(amount) }, 'bonus forfeited');
      return true;
    }),
  );
}

/** The job's pass: every grant past its expiry, each in its own transaction. */
export async function expireDueGrants(ctx: AppContext, at = new Date()): Promise<number> {
  let n = 0;
  for (const id of await expiredGrantIds(ctx.db, at, 500)) if (await expireGrant(ctx, id, at)) n++;
  return n;
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
