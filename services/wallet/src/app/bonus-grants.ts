import { newId, recordEvents, retryOnConflict } from '@bet/kit';
import { moneyKeys, WalletBonusChanged } from '@bet/proto-events';
import type { AppContext } from '../context';
import {
  applyWagering,
  conversionAmount,
  depositMatchAmount,
  grantExpiry,
  wageringRequired,
} from '../domain/bonus';
import { bonusConversionPostings, bonusExpiryPostings, bonusGrantPostings } from '../domain/postings';
import {
  claimWager,
  closeGrant,
  expiredGrantIds,
  type GrantRow,
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
import { type DepositMatchJson, depositMatchRule } from './bonus-claims';

/**
 * Bonus money's life (decision wallet-007): a deposit earns a deposit match's grant, settled
 * stakes at qualifying odds count towards its wagering, a grant whose wagering is met becomes
 * cash, one past its expiry is forfeited. Every step is a ledger movement under its own
 * `moneyKeys` key, so each happens once.
 */

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

/**
 * How a grant ends: what is left of it (never more than the bonus balance) moves once, to the
 * cash wallet when its wagering is met or back to the promotions account when it expired.
 */
const GRANT_ENDINGS = {
  converted: {
    key: moneyKeys.bonusConversion,
    type: 'bonus_conversion',
    description: 'Bonus wagering complete: bonus turned into cash',
    sign: 1n,
    postings: bonusConversionPostings,
    action: 'converted',
  },
  expired: {
    key: moneyKeys.bonusExpiry,
    type: 'bonus_expiry',
    description: 'Bonus expired before its wagering was met',
    sign: -1n,
    postings: bonusExpiryPostings,
    action: 'forfeited',
  },
} as const;

/** Ends a locked, active grant: its ledger movement (when anything is left), its row, its event. */
async function endGrant(
  trx: Trx,
  grant: GrantRow,
  ending: keyof typeof GRANT_ENDINGS,
  at: Date,
): Promise<bigint> {
  const e = GRANT_ENDINGS[ending];
  const amount = conversionAmount(BigInt(grant.remaining_cents), await bonusBalance(trx, grant.user_id));
  let txId: string | null = null;
  if (amount > 0n) {
    const posted = await postTransaction(
      trx,
      {
        key: e.key(grant.id),
        type: e.type,
        userId: grant.user_id,
        reference: grant.promotion_id,
        description: e.description,
        requested: e.sign * amount,
        metadata: { promotionId: grant.promotion_id, grantId: grant.id },
      },
      () => e.postings(grant.user_id, amount),
    );
    txId = posted.transactionId;
  }
  await closeGrant(trx, grant.id, ending, txId, at);
  await announce(trx, {
    userId: grant.user_id,
    promotionId: grant.promotion_id,
    grantId: grant.id,
    action: e.action,
    amountCents: amount,
    transactionId: txId,
    at,
  });
  return amount;
}

/** Wagering met: what is left of the grant moves from the bonus account to the cash wallet. */
async function convertLocked(trx: Trx, grant: GrantRow, at: Date): Promise<void> {
  if (grant.status !== 'active') return;
  await endGrant(trx, grant, 'converted', at);
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
      const amount = await endGrant(trx, grant, 'expired', at);
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
