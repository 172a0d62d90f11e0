import type { AccaRule, BoostRule } from '../domain/promotions';
import type { Db } from './db';

/** A promotion's rules in betting's units, as stored (hundredths, basis points, cents as strings). */
export type StoredRules =
  | {
      kind: 'odds_boost';
      gameId: string;
      market: string;
      outcome: string;
      boostedOdds: number | null;
      boostBp: number | null;
      maxStakeCents: string;
    }
  | { kind: 'acca_bonus'; tiers: Array<{ legs: number; bp: number }>; minOddsPerLeg: number };

export interface PromotionSnapshot {
  id: string;
  isActive: boolean;
  expiresAt: Date | null;
  /** null: a promotion betting has nothing to do with (or no longer): removed from the projection */
  rules: StoredRules | null;
}

/** Upserts a promotion as of `at` (a later version already applied wins); rules null removes it. */
export async function applyPromotion(db: Db, p: PromotionSnapshot, at: Date): Promise<void> {
  await db
    .insertInto('promotions')
    .values({
      id: p.id,
      kind: p.rules?.kind ?? 'odds_boost',
      rules: p.rules ? JSON.stringify(p.rules) : null,
      is_active: p.isActive,
      expires_at: p.expiresAt,
      deleted: p.rules === null,
      version_at: at,
    })
    .onConflict((oc) =>
      oc
        .column('id')
        .doUpdateSet((eb) => ({
          kind: eb.ref('excluded.kind'),
          rules: eb.ref('excluded.rules'),
          is_active: eb.ref('excluded.is_active'),
          expires_at: eb.ref('excluded.expires_at'),
          deleted: eb.ref('excluded.deleted'),
          version_at: eb.ref('excluded.version_at'),
        }))
        .where('promotions.version_at', '<=', at),
    )
    .execute();
}

/** A deletion as of `at`: a tombstone, so an update delivered after it does not revive the promotion. */
export async function deletePromotion(db: Db, id: string, at: Date): Promise<void> {
  await applyPromotion(db, { id, isActive: false, expiresAt: null, rules: null }, at);
}

const parse = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as StoredRules;

/** The boosts named (on offer or not: the domain says why one is refused). */
export async function boostsByIds(db: Db, ids: string[]): Promise<Map<string, BoostRule>> {
  const out = new Map<string, BoostRule>();
  if (ids.length === 0) return out;
  const rows = await db
    .selectFrom('promotions')
    .selectAll()
    .where('id', 'in', [...new Set(ids)])
    .where('kind', '=', 'odds_boost')
    .where('deleted', '=', false)
    .execute();
  for (const r of rows) {
    const rules = parse(r.rules);
    if (rules.kind !== 'odds_boost') continue;
    out.set(r.id, {
      promotionId: r.id,
      gameId: rules.gameId,
      market: rules.market,
      outcome: rules.outcome,
      boostedOdds: rules.boostedOdds,
      boostBp: rules.boostBp,
      maxStakeCents: BigInt(rules.maxStakeCents),
      isActive: r.is_active,
      expiresAt: r.expires_at ? new Date(r.expires_at) : null,
    });
  }
  return out;
}

/** The accumulator bonuses on offer now. */
export async function accaRulesOnOffer(db: Db, now: Date): Promise<AccaRule[]> {
  const rows = await db
    .selectFrom('promotions')
    .selectAll()
    .where('kind', '=', 'acca_bonus')
    .where('deleted', '=', false)
    .where('is_active', '=', true)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .execute();
  return rows.flatMap((r) => {
    const rules = parse(r.rules);
    if (rules.kind !== 'acca_bonus') return [];
    return [
      {
        promotionId: r.id,
        tiers: rules.tiers,
        minOddsPerLeg: rules.minOddsPerLeg,
        isActive: r.is_active,
        expiresAt: r.expires_at ? new Date(r.expires_at) : null,
      },
    ];
  });
}
