import type { Selectable } from 'kysely';
import type { WalletDB } from '../db/schema';
import type { Trx } from './db';

/** SQL of bonus claims, grants and counted wagers (decision wallet-007). */

export type ClaimRow = Selectable<WalletDB['bonus_claims']>;
export type GrantRow = Selectable<WalletDB['bonus_grants']>;

/** Inserts a claim once per player and promotion; answers the claim and whether it is new. */
export async function insertClaim(
  trx: Trx,
  c: {
    id: string;
    userId: string;
    promotionId: string;
    kind: ClaimRow['kind'];
    rules: unknown;
    offerExpiresAt: Date | null;
  },
): Promise<{ claim: ClaimRow; created: boolean }> {
  const inserted = await trx
    .insertInto('bonus_claims')
    .values({
      id: c.id,
      user_id: c.userId,
      promotion_id: c.promotionId,
      kind: c.kind,
      rules: JSON.stringify(c.rules),
      offer_expires_at: c.offerExpiresAt,
    })
    .onConflict((oc) => oc.constraint('bonus_claims_once').doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted) return { claim: inserted, created: true };
  const found = await trx
    .selectFrom('bonus_claims')
    .selectAll()
    .where('user_id', '=', c.userId)
    .where('promotion_id', '=', c.promotionId)
    .executeTakeFirstOrThrow();
  return { claim: found, created: false };
}

/** A player's deposit-match claims still waiting for a deposit, oldest first, locked. */
export async function openDepositClaims(trx: Trx, userId: string, at: Date): Promise<ClaimRow[]> {
  const rows = await trx
    .selectFrom('bonus_claims')
    .selectAll()
    .where('user_id', '=', userId)
    .where('kind', '=', 'deposit_match')
    .where('status', '=', 'open')
    .where((eb) => eb.or([eb('offer_expires_at', 'is', null), eb('offer_expires_at', '>', at)]))
    .orderBy('created_at')
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows;
}

export async function setClaimStatus(trx: Trx, claimId: string, status: ClaimRow['status']) {
  await trx.updateTable('bonus_claims').set({ status }).where('id', '=', claimId).execute();
}

export async function insertGrant(
  trx: Trx,
  g: {
    id: string;
    claimId: string;
    userId: string;
    promotionId: string;
    amountCents: bigint;
    requiredCents: bigint;
    minOddsMilli: number;
    expiresAt: Date;
    grantTxId: string;
    sourceReference: string;
  },
) {
  await trx
    .insertInto('bonus_grants')
    .values({
      id: g.id,
      claim_id: g.claimId,
      user_id: g.userId,
      promotion_id: g.promotionId,
      amount_cents: g.amountCents,
      remaining_cents: g.amountCents,
      required_cents: g.requiredCents,
      min_odds_milli: g.minOddsMilli,
      expires_at: g.expiresAt,
      grant_tx_id: g.grantTxId,
      source_reference: g.sourceReference,
    })
    .execute();
}

/** Which of these players hold an active grant (a settlement batch looks at those only). */
export async function usersWithActiveGrants(trx: Trx, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await trx
    .selectFrom('bonus_grants')
    .select('user_id')
    .distinct()
    .where('user_id', 'in', userIds)
    .where('status', '=', 'active')
    .execute();
  return new Set(rows.map((r) => r.user_id));
}

/** A player's active grants, oldest first, locked (wagering fills them in this order). */
export async function lockActiveGrants(trx: Trx, userId: string): Promise<GrantRow[]> {
  return await trx
    .selectFrom('bonus_grants')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '=', 'active')
    .orderBy('created_at')
    .orderBy('id')
    .forUpdate()
    .execute();
}

export async function lockGrant(trx: Trx, grantId: string): Promise<GrantRow | undefined> {
  return await trx
    .selectFrom('bonus_grants')
    .selectAll()
    .where('id', '=', grantId)
    .forUpdate()
    .executeTakeFirst();
}

export async function setWagered(trx: Trx, grantId: string, wageredCents: bigint) {
  await trx
    .updateTable('bonus_grants')
    .set({ wagered_cents: wageredCents })
    .where('id', '=', grantId)
    .execute();
}

export async function closeGrant(
  trx: Trx,
  grantId: string,
  status: 'converted' | 'expired',
  txId: string | null,
  at: Date,
) {
  await trx
    .updateTable('bonus_grants')
    .set({ status, remaining_cents: 0, closed_tx_id: txId, closed_at: at })
    .where('id', '=', grantId)
    .execute();
}

/** Records a settled stake as counted; false when it was counted already. */
export async function claimWager(
  trx: Trx,
  w: { reference: string; userId: string; stakeCents: bigint; oddsMilli: number },
): Promise<boolean> {
  const row = await trx
    .insertInto('bonus_wagers')
    .values({ reference: w.reference, user_id: w.userId, stake_cents: w.stakeCents, odds_milli: w.oddsMilli })
    .onConflict((oc) => oc.columns(['reference', 'user_id']).doNothing())
    .returning('reference')
    .executeTakeFirst();
  return row !== undefined;
}

/** Active grants past their expiry (the job's work list). */
export async function expiredGrantIds(db: Trx, at: Date, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('bonus_grants')
    .select('id')
    .where('status', '=', 'active')
    .where('expires_at', '<=', at)
    .orderBy('expires_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** A player's claims and grants, newest first (GET /promotions/mine). */
export async function claimsAndGrantsOf(db: Trx, userId: string) {
  const [claims, grants, freeBets] = await Promise.all([
    db
      .selectFrom('bonus_claims')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .execute(),
    db
      .selectFrom('bonus_grants')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .execute(),
    db
      .selectFrom('free_bets')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .execute(),
  ]);
  return { claims, grants, freeBets };
}

export type FreeBetRow = Selectable<WalletDB['free_bets']>;

/** Issues a claim's free-bet token (once per claim: the claim is made once per player and promotion). */
export async function insertFreeBet(
  trx: Trx,
  t: {
    id: string;
    claimId: string;
    userId: string;
    promotionId: string;
    amountCents: bigint;
    minOddsMilli: number;
    leagues: string[];
    markets: string[];
    expiresAt: Date;
  },
) {
  await trx
    .insertInto('free_bets')
    .values({
      id: t.id,
      claim_id: t.claimId,
      user_id: t.userId,
      promotion_id: t.promotionId,
      amount_cents: t.amountCents,
      min_odds_milli: t.minOddsMilli,
      leagues: t.leagues,
      markets: t.markets,
      expires_at: t.expiresAt,
    })
    .execute();
}

/** A token as it is now (no lock: its terms never change after the claim). */
export async function freeBetOf(db: Trx, id: string): Promise<FreeBetRow | undefined> {
  return await db.selectFrom('free_bets').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function lockFreeBet(trx: Trx, id: string): Promise<FreeBetRow | undefined> {
  return await trx.selectFrom('free_bets').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** The token paying this bet's stake, locked (none for a bet paid with money). */
export async function lockFreeBetOfBet(trx: Trx, betReference: string): Promise<FreeBetRow | undefined> {
  return await trx
    .selectFrom('free_bets')
    .selectAll()
    .where('bet_reference', '=', betReference)
    .forUpdate()
    .executeTakeFirst();
}

export async function setFreeBetUse(trx: Trx, id: string, betReference: string | null) {
  await trx
    .updateTable('free_bets')
    .set({ status: betReference === null ? 'active' : 'used', bet_reference: betReference })
    .where('id', '=', id)
    .execute();
}

export async function freeBetsOf(db: Trx, userId: string): Promise<FreeBetRow[]> {
  return await db
    .selectFrom('free_bets')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .execute();
}
