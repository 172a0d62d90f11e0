import { dollarsToCents, newId } from '@bet/kit';
import { BettingReleaseStake, BettingReserveStake, type CommandReply, WalletDebit } from '@bet/proto-events';
import type { AppContext } from '../context';
import { choosePanel, parseAutoCashOut, parseStake } from '../domain/bets';
import {
  BoardingRefusedError,
  LimitsUnavailableError,
  NotBettingError,
  StakeRefusedError,
  WalletUnavailableError,
} from '../domain/errors';
import { betById, insertBet, lockPlayer, moveBet, userBetsInRound } from '../store/bets';
import { announceBet } from './bet-feed';
import { board, roundForBet } from './boarding';
import { debitOf } from './debits';
import { settleStake } from './unconfirmed';

export interface PlaceBetInput {
  userId: string;
  username: string;
  stake: unknown;
  autoCashOut?: unknown;
  panel?: unknown;
}

export const NOT_BETTING =
  'Bets are accepted only while a round is open for betting. Please wait for the next round.';
export const LIMITS_UNAVAILABLE =
  'Your betting limits cannot be checked right now. Please try again shortly.';
export const WALLET_UNAVAILABLE = 'The wallet did not confirm your stake in time. Please try again.';

/**
 * A bet goes to the round open for betting or, placed while a round flies (or shows its
 * crash), to the next round: held (its stake taken) until that round opens, cancellable until
 * it lifts off (app/boarding.ts). A bet is accepted only with its stake taken: the bet row is written first as `placing`
 * (holding its panel, so a third bet or a double click is refused by the database), the
 * weekly limits shared with the sportsbook are checked and counted by the betting service,
 * the wallet takes the stake under the bet's key, and only then is the bet `active`.
 */
export async function placeBet(ctx: AppContext, input: PlaceBetInput) {
  const stakeCents = parseStake(input.stake, {
    minStakeCents: dollarsToCents(ctx.config.AVIATOR_MIN_STAKE),
    maxStakeCents: dollarsToCents(ctx.config.AVIATOR_MAX_STAKE),
  });
  const autoCashOut = parseAutoCashOut(input.autoCashOut);
  const betId = newId();
  const placed = await ctx.tx(async (trx) => {
    // the window is judged when the row is written (after any wait for locks), not on arrival
    const now = ctx.clock.now();
    const round = await roundForBet(trx, new Date(now));
    if (!round) throw new NotBettingError(NOT_BETTING);
    await lockPlayer(trx, input.userId);
    const taken = (await userBetsInRound(trx, round.id, input.userId)).map((b) => b.panel);
    const panel = choosePanel(input.panel, taken);
    await insertBet(trx, {
      id: betId,
      roundId: round.id,
      userId: input.userId,
      username: input.username,
      panel,
      stakeCents,
      autoCashOut,
      at: new Date(now),
    });
    return { roundId: round.id, panel, next: round.next };
  });

  const reject = async (reason: string) => {
    await moveBet(ctx.db, betId, 'placing', { status: 'rejected', reject_reason: reason });
  };
  const timeoutMs = ctx.config.AVIATOR_WALLET_TIMEOUT_MS;
  let reserved: CommandReply<typeof BettingReserveStake>;
  try {
    reserved = await ctx.request(
      BettingReserveStake,
      {
        reference: betId,
        userId: input.userId,
        username: input.username,
        stakeCents: Number(stakeCents),
        source: 'aviator',
      },
      { timeoutMs },
    );
  } catch (err) {
    ctx.logger.warn({ err, betId }, 'weekly limits not checked');
    await reject('limits unavailable');
    throw new LimitsUnavailableError(LIMITS_UNAVAILABLE);
  }
  if (!reserved.ok) {
    await reject(reserved.msg);
    throw new StakeRefusedError(reserved.reason, reserved.msg);
  }

  const bet = { id: betId, user_id: input.userId, stake_cents: String(stakeCents), panel: placed.panel };
  let debit: CommandReply<typeof WalletDebit>;
  try {
    debit = await ctx.request(WalletDebit, debitOf(bet), { timeoutMs });
  } catch (err) {
    // the debit may still land: the bet stays `placing`, and lift-off asks the wallet again
    // under the same key (taken once: the bet flies; never taken: it is refused)
    ctx.logger.warn({ err, betId }, 'stake not confirmed by the wallet yet');
    throw new WalletUnavailableError(WALLET_UNAVAILABLE);
  }
  if (!debit.ok) {
    await reject(debit.msg);
    await ctx.request(BettingReleaseStake, { reference: betId }, { timeoutMs }).catch((err) => {
      ctx.logger.warn({ err, betId }, 'reserved stake not released');
    });
    const msg = debit.reason === 'insufficient_funds' ? 'Insufficient balance for this stake.' : debit.msg;
    throw new StakeRefusedError(debit.reason, msg);
  }
  if (!(await board(ctx, betId, placed.roundId))) {
    // the round lifted off first and refused the bet (app/boarding.ts): its stake goes back
    // now, by its keys; the reconciler does it if this does not get through
    ctx.logger.info({ betId }, 'stake confirmed after lift-off; the bet does not fly');
    const refused = await betById(ctx.db, betId);
    if (refused?.refund_state === 'due')
      await settleStake(ctx, refused).catch((err) => {
        ctx.logger.warn({ err, betId }, 'stake of a refused bet not given back yet; the reconciler will');
      });
    throw new BoardingRefusedError(NOT_BETTING);
  }
  announceBet(
    ctx,
    {
      id: betId,
      round_id: placed.roundId,
      username: input.username,
      panel: placed.panel,
      stake_cents: String(stakeCents),
    },
    { status: 'active' },
  );
  return {
    betId,
    roundId: placed.roundId,
    panel: placed.panel,
    // true: held for the next round (placed during a flight), cancellable until it starts
    nextRound: placed.next,
    stake: Number(stakeCents) / 100,
    autoCashOut: autoCashOut === null ? null : autoCashOut / 100,
    balance: debit.balanceCents / 100,
  };
}
