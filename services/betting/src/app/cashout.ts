import { recordEvents } from '@bet/kit';
import { BetsCashedOut } from '@bet/proto-events';
import type { AppContext, KitContext } from '../context';
import { type CashOutOffer, cashOutOffer, marginToBasisPoints } from '../domain/cashout';
import { BetNotFoundError, CashOutRefusedError } from '../domain/errors';
import { betById, legsOfBet, markCashedOut } from '../store/bets';
import type { Db, GameRow } from '../store/db';
import { gameState, loadGames } from '../store/games';

async function loadBet(db: Db, betId: string, lock = false) {
  const bet = await betById(db, betId, lock);
  if (!bet || bet.status === 'pending_payment' || bet.status === 'rejected') return undefined;
  const legs = await legsOfBet(db, betId);
  return { bet, legs };
}

function offerFor(
  ctx: KitContext,
  loaded: NonNullable<Awaited<ReturnType<typeof loadBet>>>,
  games: Map<string, GameRow>,
): CashOutOffer {
  const { bet, legs } = loaded;
  const game = legs.length === 1 ? games.get(legs[0].game_id) : undefined;
  return cashOutOffer(
    {
      userId: bet.user_id,
      status: bet.status,
      stakeCents: BigInt(bet.stake_cents),
      potentialPayoutCents: BigInt(bet.potential_payout_cents),
      freeBet: BigInt(bet.free_bet_cents) > 0n,
      boosted: legs.some((l) => l.boost_id !== null),
      legs: legs.map((l) => ({ gameId: l.game_id, market: l.market, outcome: l.outcome, odds: l.odds })),
    },
    game ? gameState(game) : undefined,
    marginToBasisPoints(ctx.config.CASHOUT_MARGIN),
  );
}

function checkOwner(bet: { user_id: string }, userId: string) {
  // the same answer as for no bet at all: a stranger learns nothing about which ids exist
  if (bet.user_id !== userId) throw new BetNotFoundError();
}

/** The current offer, for the page to show (nothing is reserved). */
export async function currentOffer(ctx: KitContext, userId: string, betId: string) {
  const loaded = await loadBet(ctx.db, betId);
  if (!loaded) throw new BetNotFoundError();
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
export async function cashOut(ctx: AppContext, userId: string, betId: string) {
  const first = await loadBet(ctx.db, betId);
  if (!first) throw new BetNotFoundError();
  checkOwner(first.bet, userId);
  // an offer at a price nobody vouches for any more would be free money
  await ctx.liveMarkets.check(first.legs.map((l) => l.game_id));
  return ctx.tx(async (trx) => {
    const games = await loadGames(
      trx,
      first.legs.map((l) => l.game_id),
      'keyShare',
    );
    const loaded = await loadBet(trx, betId, true);
    if (!loaded) throw new BetNotFoundError();
    const offer = offerFor(ctx, loaded, games);
    if (!offer.available) throw new CashOutRefusedError(offer.code, offer.reason);
    const now = new Date();
    if (!(await markCashedOut(trx, betId, offer.amountCents, now)))
      throw new CashOutRefusedError('not_pending', 'Only pending bets can be cashed out.');
    await recordEvents(trx, BetsCashedOut, [
      {
        data: {
          betId,
          userId,
          stakeCents: Number(loaded.bet.stake_cents),
          amountCents: Number(offer.amountCents),
          cashedOutAt: now.toISOString(),
        },
      },
    ]);
    return offer.amountCents;
  });
}
