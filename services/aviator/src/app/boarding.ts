import type { AppContext } from '../context';
import { NothingToCancelError, RoundStartedError } from '../domain/errors';
import { moveBet, refusePlacingBets, userBetOnPanel } from '../store/bets';
import type { Db } from '../store/db';
import { latestRound, lockBettingRound, moveRound, roundById, shareOpeningOf } from '../store/rounds';
import { announceBet } from './bet-feed';
import { settleStake } from './unconfirmed';

/**
 * The one rule placement and lift-off agree on: a bet flies only if it became `active` while
 * its round was still `betting` (or not open yet: a bet held for the next round), and a lock
 * decides which came first. Boarding share-locks the round and checks its state in the same
 * transaction as the bet's move; lift-off moves the round (an update, so it waits for every
 * boarding in progress) and, in the same transaction, refuses every bet of the round still
 * `placing`. So a bet is either in the lift-off's list (its exit and the round's totals
 * computed with it) or refused with its stake due back (settled by key with the wallet,
 * app/unconfirmed.ts); never `active` in a running round without an exit.
 */
export async function board(ctx: AppContext, betId: string, roundId: string) {
  return ctx.tx(async (trx) => {
    if (!(await lockUpcoming(trx, roundId))) return undefined;
    return moveBet(trx, betId, 'placing', { status: 'active' });
  });
}

/**
 * Locks round `roundId` as one that has not started: open for betting (share-locked, so its
 * lift-off waits), or not open yet (its opening waits, store/rounds.ts shareOpeningOf). The
 * id of a round not open yet is only ever one a round named as its successor (`next_id`).
 * Undefined once it has lifted off.
 */
export async function lockUpcoming(
  trx: Db,
  roundId: string,
): Promise<{ open: true; bettingEndsAt: Date } | { open: false } | undefined> {
  const betting = await lockBettingRound(trx, roundId);
  if (betting) return { open: true, bettingEndsAt: betting.betting_ends_at };
  await shareOpeningOf(trx, roundId);
  // a new statement: sees the round if it opened before the lock was granted
  if (!(await roundById(trx, roundId))) return { open: false };
  const opened = await lockBettingRound(trx, roundId);
  return opened ? { open: true, bettingEndsAt: opened.betting_ends_at } : undefined;
}

/**
 * The round a bet placed at `now` goes to, locked (lockUpcoming): the round open for betting,
 * or, while one flies or shows its crash, the next one (held for it until it opens). A round
 * whose countdown is over but that has not lifted off yet takes no bet (the window is judged
 * when the row is written).
 */
export async function roundForBet(trx: Db, now: Date) {
  const latest = await latestRound(trx);
  if (!latest) return undefined;
  const id = latest.state === 'betting' ? latest.id : latest.next_id;
  const locked = await lockUpcoming(trx, id);
  if (!locked) return undefined;
  if (locked.open && locked.bettingEndsAt <= now) return undefined;
  return { id, next: !locked.open };
}

export const NOTHING_TO_CANCEL = 'You have no bet waiting for the next round on this panel.';
export const TOO_LATE_TO_CANCEL = 'The round has started: this bet can no longer be cancelled.';
export const CANCELLED = 'Bet cancelled.';

/**
 * Cancels the caller's bet on `panel` for the round that has not started (held for the next
 * round, or in the round open for betting). The bet moves from `active` once, under the same
 * lock as its boarding, so a cancel racing the lift-off either happens before it (the bet
 * does not fly and its stake comes back by its refund key) or is refused; two cancels give
 * the stake back once. The refund is asked at once; the reconciler finishes it if the wallet
 * does not answer (app/unconfirmed.ts).
 */
export async function cancelBet(ctx: AppContext, userId: string, panel: 1 | 2) {
  const now = new Date(ctx.clock.now());
  const bet = await ctx.tx(async (trx) => {
    const latest = await latestRound(trx);
    if (!latest) throw new NothingToCancelError(NOTHING_TO_CANCEL);
    const roundId = latest.state === 'betting' ? latest.id : latest.next_id;
    const mine = await userBetOnPanel(trx, roundId, userId, panel);
    if (mine?.status !== 'active') throw new NothingToCancelError(NOTHING_TO_CANCEL);
    // the round's lock first, then the bet's row (the order lift-off takes them)
    if (!(await lockUpcoming(trx, roundId))) throw new RoundStartedError(TOO_LATE_TO_CANCEL);
    const moved = await moveBet(trx, mine.id, 'active', {
      status: 'rejected',
      reject_reason: 'cancelled',
      refund_state: 'due',
      settled_at: now,
    });
    if (!moved) throw new NothingToCancelError(NOTHING_TO_CANCEL);
    return moved;
  });
  announceBet(ctx, bet, { status: 'cancelled' });
  let balance: number | null = null;
  try {
    const cents = await settleStake(ctx, bet);
    balance = cents === undefined ? null : cents / 100;
  } catch (err) {
    ctx.logger.warn({ err, betId: bet.id }, 'cancelled stake not given back yet; the reconciler will');
  }
  return {
    msg: CANCELLED,
    betId: bet.id,
    roundId: bet.round_id,
    panel: bet.panel,
    stake: Number(bet.stake_cents) / 100,
    balance,
  };
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
