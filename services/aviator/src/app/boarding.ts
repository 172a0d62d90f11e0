import type { AppContext } from '../context';
import { moveBet, refusePlacingBets } from '../store/bets';
import type { Db } from '../store/db';
import { lockBettingRound, moveRound } from '../store/rounds';

/**
 * The one rule placement and lift-off agree on: a bet flies only if it became `active` while
 * its round was still `betting`, and the round row's lock decides which came first. Boarding
 * share-locks the round and checks its state in the same transaction as the bet's move;
 * lift-off moves the round (an update, so it waits for every boarding in progress) and, in
 * the same transaction, refuses every bet of the round still `placing`. So a bet is either in
 * the lift-off's list (its exit and the round's totals computed with it) or refused with its
 * stake due back (settled by key with the wallet, app/unconfirmed.ts); never `active` in a
 * running round without an exit.
 */
export async function board(ctx: AppContext, betId: string, roundId: string) {
  return ctx.tx(async (trx) => {
    if (!(await lockBettingRound(trx, roundId))) return undefined;
    return moveBet(trx, betId, 'placing', { status: 'active' });
  });
}

/**
 * Lift-off's half (inside its transaction): the round leaves `betting`, and the bets whose
 * stake was not confirmed by then do not fly. A stake still on its way (or whose answer was
 * lost) is asked again under its key and given back by the reconciler.
 */
export async function closeBoarding(trx: Db, roundId: string, startedAt: Date): Promise<boolean> {
  if (!(await moveRound(trx, roundId, 'betting', { state: 'running', started_at: startedAt }))) return false;
  await refusePlacingBets(trx, roundId, 'payment not confirmed');
  return true;
}
