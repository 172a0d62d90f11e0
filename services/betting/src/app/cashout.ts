import { HttpError, notFound, recordEvent } from '@bet/kit';
import { BetsCashedOut } from '@bet/proto-events';
import { type CashOutOffer, cashOutOffer, marginToBasisPoints } from '../domain/cashout';
import { checkLiveMarkets } from './live-markets';
import { type Ctx, type Db, gameState, loadGames } from './types';

async function loadBet(db: Db, betId: string, lock = false) {
  let q = db.selectFrom('bets').selectAll().where('id', '=', betId);
  if (lock) q = q.forUpdate();
  const bet = await q.executeTakeFirst();
  if (!bet || bet.status === 'pending_payment' || bet.status === 'rejected') return undefined;
  const legs = await db
    .selectFrom('selections')
    .select(['game_id', 'outcome', 'odds'])
    .where('bet_id', '=', betId)
    .orderBy('idx')
    .execute();
  return { bet, legs };
}

function offerFor(
  ctx: Ctx,
  loaded: NonNullable<Awaited<ReturnType<typeof loadBet>>>,
  games: Map<string, any>,
): CashOutOffer {
  const { bet, legs } = loaded;
  const game = legs.length === 1 ? games.get(legs[0].game_id) : undefined;
  return cashOutOffer(
    {
      userId: bet.user_id,
      status: bet.status,
      stakeCents: BigInt(bet.stake_cents),
      potentialPayoutCents: BigInt(bet.potential_payout_cents),
      legs: legs.map((l) => ({ gameId: l.game_id, outcome: l.outcome, odds: l.odds })),
    },
    game ? gameState(game) : undefined,
    marginToBasisPoints(ctx.config.CASHOUT_MARGIN),
  );
}

function checkOwner(bet: { user_id: string }, userId: string) {
  // the same answer as for no bet at all: a stranger learns nothing about which ids exist
  if (bet.user_id !== userId) throw notFound('Bet not found');
}

/** The current offer, for the page to show (nothing is reserved). */
export async function currentOffer(ctx: Ctx, userId: string, betId: string) {
  const loaded = await loadBet(ctx.db, betId);
  if (!loaded) throw notFound('Bet not found');
  checkOwner(loaded.bet, userId);
  const games = await loadGames(
    ctx.db,
    loaded.legs.map((l) => l.game_id),
  );
  const offer = offerFor(ctx, loaded, games);
  return offer.available
    ? { available: true, amount: Number(offer.amountCents) / 100 }
    : { available: false, amount: 0, reason: offer.reason };
}

/**
 * Cashes a bet out at the live price. The game row is held FOR KEY SHARE (a settlement
 * holds it FOR UPDATE) and the bet changes only `where status = 'pending'`, so a bet is
 * cashed out or settled, never both, whichever comes first.
 */
export async function cashOut(ctx: Ctx, userId: string, betId: string) {
  const first = await loadBet(ctx.db, betId);
  if (!first) throw notFound('Bet not found');
  checkOwner(first.bet, userId);
  // an offer at a price nobody vouches for any more would be free money
  await checkLiveMarkets(
    ctx,
    first.legs.map((l) => l.game_id),
  );
  return ctx.tx(async (trx) => {
    const games = await loadGames(
      trx,
      first.legs.map((l) => l.game_id),
      'keyShare',
    );
    const loaded = await loadBet(trx, betId, true);
    if (!loaded) throw notFound('Bet not found');
    const offer = offerFor(ctx, loaded, games);
    if (!offer.available) {
      throw new HttpError(
        offer.code === 'not_pending' ? 409 : 422,
        offer.reason,
        undefined,
        `cashout_${offer.code}`,
      );
    }
    const now = new Date();
    const updated = await trx
      .updateTable('bets')
      .set({
        status: 'cashed_out',
        payout_cents: offer.amountCents.toString(),
        settled_at: now,
        needs_eval: false,
      })
      .where('id', '=', betId)
      .where('status', '=', 'pending')
      .returning('id')
      .executeTakeFirst();
    if (!updated)
      throw new HttpError(409, 'Only pending bets can be cashed out.', undefined, 'cashout_not_pending');
    await recordEvent(trx, BetsCashedOut.subject, {
      betId,
      userId,
      stakeCents: Number(loaded.bet.stake_cents),
      amountCents: Number(offer.amountCents),
      cashedOutAt: now.toISOString(),
    });
    return offer.amountCents;
  });
}
