import {
  dollarsToCents,
  type IdempotencyKey,
  KeyReplay,
  keyInTransaction,
  keyReused,
  newId,
  releaseKeyOf,
  writeKeys,
} from '@bet/kit';
import {
  BettingReleaseStake,
  BettingReserveStake,
  type CommandReply,
  WalletBalance,
  WalletDebit,
} from '@bet/proto-events';
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
import { roundById } from '../store/rounds';
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
  /** the client's Idempotency-Key: written with the bet; a key already written answers as its first attempt */
  idempotency?: IdempotencyKey;
}

export const NOT_BETTING =
  'Bets are accepted only while a round is open for betting. Please wait for the next round.';
export const LIMITS_UNAVAILABLE =
  'Your betting limits cannot be checked right now. Please try again shortly.';
export const WALLET_UNAVAILABLE = 'The wallet did not confirm your stake in time. Please try again.';
const LIMITS_NOT_CHECKED = 'limits unavailable';

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
    // under the player's lock, so no other attempt writes this key meanwhile
    const k = input.idempotency;
    const stored = k
      ? await keyInTransaction(trx, k, ctx.config.IDEMPOTENCY_TTL_HOURS * 3_600_000)
      : undefined;
    if (k && stored) throw stored.hash === k.hash ? new KeyReplay(stored) : keyReused();
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
    if (k) await writeKeys(trx, [{ k, ref: betId }]);
    return { roundId: round.id, panel, next: round.next };
  });
  // committed: this request answers for its key
  if (input.idempotency) input.idempotency.claimed = true;

  const reject = async (reason: string) => {
    await ctx.db.transaction().execute(async (trx) => {
      await moveBet(trx, betId, 'placing', { status: 'rejected', reject_reason: reason });
      // nothing was asked of the wallet: a retry under the same key bets afresh
      if (reason === LIMITS_NOT_CHECKED) await releaseKeyOf(trx, betId);
    });
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
    await reject(LIMITS_NOT_CHECKED);
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

/**
 * What a bet's placement answers now, from its state: for a retry under its Idempotency-Key
 * whose first attempt left no final answer (it answered 503, or its process stopped). The
 * balance is the wallet's now.
 */
export async function placedAnswerOf(ctx: AppContext, betId: string) {
  const bet = await betById(ctx.db, betId);
  if (!bet || bet.status === 'placing') throw new WalletUnavailableError(WALLET_UNAVAILABLE);
  if (bet.status === 'rejected') {
    if (bet.reject_reason === LIMITS_NOT_CHECKED) throw new LimitsUnavailableError(LIMITS_UNAVAILABLE);
    if (bet.refund_state !== null) throw new BoardingRefusedError(NOT_BETTING);
    throw new StakeRefusedError('refused', bet.reject_reason ?? 'Your bet was not placed.');
  }
  const round = await roundById(ctx.db, bet.round_id);
  let balanceCents: number;
  try {
    ({ balanceCents } = await ctx.request(
      WalletBalance,
      { userId: bet.user_id },
      { timeoutMs: ctx.config.AVIATOR_WALLET_TIMEOUT_MS },
    ));
  } catch {
    throw new WalletUnavailableError(WALLET_UNAVAILABLE);
  }
  return {
    betId,
    roundId: bet.round_id,
    panel: bet.panel,
    // held for the next round: that round did not exist yet when the bet was written
    nextRound: !round || new Date(round.created_at) > new Date(bet.created_at),
    stake: Number(bet.stake_cents) / 100,
    autoCashOut: bet.auto_cash_out === null ? null : bet.auto_cash_out / 100,
    balance: balanceCents / 100,
  };
}
