import { newId, recordEvents } from '@bet/kit';
import { PromotionCreated, PromotionDeleted, PromotionUpdated } from '@bet/proto-events';
import type { AppContext } from '../context';
import { PromotionNotFoundError } from '../domain/errors';
import { editPromotion, newPromotion, type Promotion, type PromotionInput } from '../domain/promotions';
import { writeAudit } from '../store/audit';
import {
  deletePromotion,
  findPromotion,
  insertPromotion,
  listPromotions,
  updatePromotion,
} from '../store/promotions';

export interface Actor {
  id: string;
  username: string;
}

export const promotionJson = (p: Promotion) => ({
  _id: p.id,
  title: p.title,
  description: p.description,
  promoType: p.promoType,
  isActive: p.isActive,
  expiresAt: p.expiresAt ? p.expiresAt.toISOString() : null,
});

const audit = (actor: Actor, action: string, id: string, before: unknown, after: unknown, at: Date) => ({
  id: newId(),
  at: at.toISOString(),
  actorId: actor.id,
  actorName: actor.username,
  service: 'admin' as const,
  action,
  entity: 'promotion',
  entityId: id,
  before,
  after,
});

export async function createPromotion(ctx: AppContext, actor: Actor, input: PromotionInput) {
  const promotion = newPromotion(newId(), input);
  const at = new Date(ctx.clock.now());
  const json = promotionJson(promotion);
  await ctx.tx(async (trx) => {
    await insertPromotion(trx, promotion, at);
    await writeAudit(trx, audit(actor, 'promotion.create', promotion.id, null, json, at));
    await recordEvents(trx, PromotionCreated, [{ data: { promotion: json } }]);
  });
  return json;
}

export async function changePromotion(ctx: AppContext, actor: Actor, id: string, input: PromotionInput) {
  const at = new Date(ctx.clock.now());
  return ctx.tx(async (trx) => {
    const current = await findPromotion(trx, id, true);
    if (!current) throw new PromotionNotFoundError();
    const next = editPromotion(current, input);
    const json = promotionJson(next);
    await updatePromotion(trx, next, at);
    await writeAudit(trx, audit(actor, 'promotion.update', id, promotionJson(current), json, at));
    await recordEvents(trx, PromotionUpdated, [{ data: { promotion: json } }]);
    return json;
  });
}

export async function removePromotion(ctx: AppContext, actor: Actor, id: string) {
  const at = new Date(ctx.clock.now());
  await ctx.tx(async (trx) => {
    const current = await findPromotion(trx, id, true);
    if (!current) throw new PromotionNotFoundError();
    await deletePromotion(trx, id);
    await writeAudit(trx, audit(actor, 'promotion.delete', id, promotionJson(current), null, at));
    await recordEvents(trx, PromotionDeleted, [{ data: { promotionId: id } }]);
  });
}

export async function promotionsOnOffer(ctx: AppContext) {
  return (await listPromotions(ctx.db, new Date(ctx.clock.now()))).map(promotionJson);
}

export async function allPromotions(ctx: AppContext) {
  return (await listPromotions(ctx.db)).map(promotionJson);
}
