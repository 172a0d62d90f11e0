import { newId, recordEvents } from '@bet/kit';
import {
  moneyKeys,
  PromotionCreated,
  PromotionDeleted,
  PromotionUpdated,
  WalletBonusClaim,
} from '@bet/proto-events';
import type { AppContext } from '../context';
import {
  AlreadyClaimedError,
  ClaimRefusedError,
  ClaimSelfExcludedError,
  NothingToClaimError,
  PromotionNotFoundError,
} from '../domain/errors';
import {
  claimRulesForWallet,
  editPromotion,
  isOnOffer,
  newPromotion,
  type Promotion,
  type PromotionInput,
} from '../domain/promotions';
import { writeAudit } from '../store/audit';
import {
  deletePromotion,
  findPromotion,
  insertPromotion,
  listPromotions,
  lockAllPromotions,
  promotionFigures,
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
  // the spec's fields unchanged; rules only on a promotion that has them (issue 33)
  ...(p.rules ? { rules: p.rules } : {}),
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

/**
 * Announces every promotion again as `promotion.updated` (issue 33, decision betting-010): a
 * promotion made before a consumer kept its copy (betting's boosts and acca bonuses) reaches it.
 * Idempotent: the same promotion again only moves the copy's event time. The rows are
 * share-locked, so an edit in flight is announced before this, never after with older content.
 */
export async function republishPromotions(ctx: AppContext): Promise<number> {
  return ctx.tx(async (trx) => {
    const all = await lockAllPromotions(trx);
    await recordEvents(
      trx,
      PromotionUpdated,
      all.map((p) => ({ data: { promotion: promotionJson(p) } })),
    );
    return all.length;
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

/** Every promotion for the back office, each with its uptake and cost (issue 33; dollars). */
export async function allPromotions(ctx: AppContext) {
  const list = await listPromotions(ctx.db);
  const figures = await promotionFigures(
    ctx.db,
    list.map((p) => p.id),
    // a FreeBet's uptake is its claims: the bet its token pays counts for the cost only
    new Set(list.filter((p) => p.promoType === 'FreeBet').map((p) => p.id)),
  );
  return list.map((p) => {
    const f = figures.get(p.id) ?? { uptake: 0, costCents: 0n };
    return { ...promotionJson(p), uptake: f.uptake, cost: Number(f.costCents) / 100 };
  });
}

export const CLAIMED = 'Promotion claimed.';
export const ALREADY_CLAIMED = 'You have already claimed this promotion.';
export const NOTHING_TO_CLAIM = 'This promotion has nothing to claim.';

/**
 * A player opts in to a promotion on offer (issue 33, decision wallet-007): the admin checks
 * the promotion, the wallet records the claim with a snapshot of its rules (one per player and
 * promotion; refused while a time-out or self-exclusion runs). Audited as the player's action.
 * Deposit matches and free bets (a token, decision wallet-008) are claimed; a boost or an
 * accumulator bonus applies without a claim, or pays nothing yet.
 */
export async function claimPromotion(ctx: AppContext, player: Actor, id: string) {
  const promotion = await findPromotion(ctx.db, id);
  if (!promotion || !isOnOffer(promotion, ctx.clock.now())) throw new PromotionNotFoundError();
  const rules = claimRulesForWallet(promotion.rules);
  if (!rules) throw new NothingToClaimError(NOTHING_TO_CLAIM);
  const reply = await ctx.request(
    WalletBonusClaim,
    {
      idempotencyKey: moneyKeys.bonusClaim(id, player.id),
      userId: player.id,
      promotionId: id,
      rules,
      offerExpiresAt: promotion.expiresAt ? promotion.expiresAt.toISOString() : null,
    },
    { timeoutMs: 10_000 },
  );
  if (!reply.ok) {
    if (reply.reason === 'self_excluded') throw new ClaimSelfExcludedError(reply.msg);
    throw new ClaimRefusedError(reply.msg);
  }
  if (!reply.created) throw new AlreadyClaimedError(ALREADY_CLAIMED);
  const at = new Date(ctx.clock.now());
  await writeAudit(ctx.db, {
    ...audit(player, 'promotion.claim', id, null, { claimId: reply.claimId, rules: promotion.rules }, at),
    entity: 'promotion',
  });
  return { msg: CLAIMED, claimId: reply.claimId };
}
