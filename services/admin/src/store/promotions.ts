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
