import { sql } from 'kysely';
import type { DB } from '../context';
import type { PromoType, Promotion, PromotionRules } from '../domain/promotions';

const toPromotion = (r: {
  id: string;
  title: string;
  description: string;
  promo_type: string;
  is_active: boolean;
  expires_at: Date | null;
  rules: unknown;
}): Promotion => ({
  id: r.id,
  title: r.title,
  description: r.description,
  promoType: r.promo_type as PromoType,
  isActive: r.is_active,
  expiresAt: r.expires_at ? new Date(r.expires_at) : null,
  rules: (typeof r.rules === 'string' ? JSON.parse(r.rules) : r.rules) as PromotionRules | null,
});

export async function insertPromotion(db: DB, p: Promotion, at: Date) {
  await db
    .insertInto('promotions')
    .values({
      id: p.id,
      title: p.title,
      description: p.description,
      promo_type: p.promoType,
      is_active: p.isActive,
      expires_at: p.expiresAt,
      rules: p.rules ? JSON.stringify(p.rules) : null,
      created_at: at,
      updated_at: at,
    })
    .execute();
}

export async function updatePromotion(db: DB, p: Promotion, at: Date) {
  await db
    .updateTable('promotions')
    .set({
      title: p.title,
      description: p.description,
      promo_type: p.promoType,
      is_active: p.isActive,
      expires_at: p.expiresAt,
      rules: p.rules ? JSON.stringify(p.rules) : null,
      updated_at: at,
    })
    .where('id', '=', p.id)
    .execute();
}

export async function deletePromotion(db: DB, id: string) {
  await db.deleteFrom('promotions').where('id', '=', id).execute();
}

/** For an edit: the row locked so two admins' edits apply one after the other. */
export async function findPromotion(db: DB, id: string, lock = false): Promise<Promotion | undefined> {
  let q = db.selectFrom('promotions').selectAll().where('id', '=', id);
  if (lock) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  return row ? toPromotion(row) : undefined;
}

/**
 * Every promotion, each row share-locked: an edit in flight commits first (and its event is the
 * older one), or waits for the caller's transaction (decision betting-010's republishing).
 */
export async function lockAllPromotions(db: DB): Promise<Promotion[]> {
  const rows = await db.selectFrom('promotions').selectAll().orderBy('id').forShare().execute();
  return rows.map(toPromotion);
}

/** Newest first; `onOfferAt` keeps only active, unexpired ones. */
export async function listPromotions(db: DB, onOfferAt?: Date): Promise<Promotion[]> {
  let q = db.selectFrom('promotions').selectAll();
  if (onOfferAt)
    q = q
      .where('is_active', '=', true)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', onOfferAt)]));
  const rows = await q.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  return rows.map(toPromotion);
}

/**
 * Each promotion's uptake and cost (issue 33, decisions betting-009 and -010), cents: bets that
 * used an odds boost or accumulator bonus and what they cost in their latest result; claims (the
 * audit log's `promotion.claim`) and the bonus money granted less what was forfeited back. A
 * free bet's bet (`claimOnly`: FreeBet promotions) adds its cost, what it paid the player, but
 * not to the uptake: its claim already counted the player.
 */
export async function promotionFigures(
  db: DB,
  ids: string[],
  claimOnly: ReadonlySet<string> = new Set(),
): Promise<Map<string, { uptake: number; costCents: bigint }>> {
  const out = new Map<string, { uptake: number; costCents: bigint }>();
  if (ids.length === 0) return out;
  const add = (id: string | null, uptake: number, cost: bigint) => {
    if (!id) return;
    const f = out.get(id) ?? { uptake: 0, costCents: 0n };
    out.set(id, { uptake: f.uptake + uptake, costCents: f.costCents + cost });
  };
  const bets = await db
    .selectFrom('bets')
    .select([
      'promotion_id',
      sql<string>`count(*)`.as('n'),
      sql<string>`sum(promotion_cost_cents)`.as('cost'),
    ])
    .where('promotion_id', 'in', ids)
    .groupBy('promotion_id')
    .execute();
  for (const r of bets)
    add(
      r.promotion_id,
      r.promotion_id && claimOnly.has(r.promotion_id) ? 0 : Number(r.n),
      BigInt(r.cost ?? 0),
    );
  const claims = await db
    .selectFrom('audit_log')
    .select(['entity_id', sql<string>`count(*)`.as('n')])
    .where('action', '=', 'promotion.claim')
    .where('entity', '=', 'promotion')
    .where('entity_id', 'in', ids)
    .groupBy('entity_id')
    .execute();
  for (const r of claims) add(r.entity_id, Number(r.n), 0n);
  // the audit line's amount is in dollars (two places): summed exactly as cents
  const bonus = await sql<{ id: string; cost: string | null }>`
    select after->>'promotionId' as id,
      sum(case when action = 'bonus.grant' then 1 else -1 end * round((after->>'amount')::numeric * 100)) as cost
    from audit_log
    where action in ('bonus.grant', 'bonus.forfeit') and after->>'promotionId' = any(${ids})
    group by 1`.execute(db);
  for (const r of bonus.rows) add(r.id, 0, BigInt(r.cost ?? 0));
  return out;
}
