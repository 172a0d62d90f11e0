import type { DB } from '../context';

export interface BetSelection {
  gameId: string;
  outcome: string;
  oddsHundredths: number;
}

export async function insertBet(
  db: DB,
  b: {
    id: string;
    userId: string;
    betType: string;
    stakeCents: number;
    potentialPayoutCents: number;
    totalOddsHundredths: number;
    selections: BetSelection[];
    placedAt: string;
    /** issue 33: the boost or acca bonus promotion the bet used */
    promotionId?: string;
  },
) {
  await db
    .insertInto('bets')
    .values({
      id: b.id,
      user_id: b.userId,
      bet_type: b.betType,
      stake_cents: b.stakeCents,
      potential_payout_cents: b.potentialPayoutCents,
      total_odds_hundredths: b.totalOddsHundredths,
      selections: JSON.stringify(b.selections),
      status: 'pending',
      placed_at: b.placedAt,
      promotion_id: b.promotionId ?? null,
    })
    // a settlement seen first left a row without its selections: fill them in, keep the outcome
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({
        bet_type: b.betType,
        potential_payout_cents: b.potentialPayoutCents,
        total_odds_hundredths: b.totalOddsHundredths,
        selections: JSON.stringify(b.selections),
        placed_at: b.placedAt,
        promotion_id: b.promotionId ?? null,
      }),
    )
    .execute();
}

/** A bet's outcome; creates a bare row if the settlement overtook the placement. */
export async function settleBet(
  db: DB,
  b: {
    id: string;
    userId: string;
    stakeCents: number;
    status: 'won' | 'lost' | 'cancelled';
    payoutCents: number;
    cashedOut?: boolean;
    at: string;
    /** issue 33: what the bet's promotion cost in this result (a void or a cash-out: 0) */
    promotion?: { id: string; costCents: number };
  },
) {
  const values = {
    status: b.status,
    payout_cents: b.payoutCents,
    cashed_out: b.cashedOut ?? false,
    settled_at: b.at,
    promotion_cost_cents: b.promotion?.costCents ?? 0,
    ...(b.promotion ? { promotion_id: b.promotion.id } : {}),
  };
  await db
    .insertInto('bets')
    .values({
      id: b.id,
      user_id: b.userId,
      bet_type: 'single',
      stake_cents: b.stakeCents,
      potential_payout_cents: 0,
      total_odds_hundredths: 100,
      selections: '[]',
      placed_at: b.at,
      ...values,
    })
    .onConflict((oc) => oc.column('id').doUpdateSet(values))
    .execute();
}

export async function countBets(db: DB): Promise<number> {
  const row = await db
    .selectFrom('bets')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function userBets(
  db: DB,
  q: { userId: string; status?: string; from?: Date; to?: Date; order: 'asc' | 'desc'; limit: number },
) {
  let query = db.selectFrom('bets').selectAll().where('user_id', '=', q.userId);
  if (q.status) query = query.where('status', '=', q.status);
  if (q.from) query = query.where('placed_at', '>=', q.from);
  if (q.to) query = query.where('placed_at', '<', q.to);
  return query.orderBy('placed_at', q.order).orderBy('id', q.order).limit(q.limit).execute();
}
