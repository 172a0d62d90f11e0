import { retryOnConflict } from '@bet/kit';
import {
  type CommandReply,
  type CommandRequest,
  type WalletBalance,
  WalletCredit,
  WalletDebit,
} from '@bet/proto-events';
import type { AppContext } from '../context';
import { AccountClosedError, IdempotencyConflictError, InsufficientFundsError } from '../domain/errors';
import { splitHolds } from '../domain/holds';
import type { UserTxType } from '../domain/transactions';
import type { Trx } from '../store/db';
import { debitRefusal, lockKey } from '../store/debit-refusals';
import { type Posted, walletBalance } from '../store/ledger';
import { pendingWithdrawalCents } from '../store/withdrawals';
import { DebitRefusedEarlierError, recordDebitRefusal } from './debit-refusals';
import { failpoint } from './failpoint';
import { FreeBetRefusedError, returnFreeBet, stakeFreeBet } from './free-bets';
import { type MoneyMovement, payout, stake } from './money';

type MoneyCommand = typeof WalletDebit | typeof WalletCredit;
type MoneyReply = CommandReply<MoneyCommand>;

class InvalidCommandError extends Error {
  override name = 'InvalidCommandError';
}

/** A request off the catalogue's shape is refused in the reply (callers branch on it), not with a bus error. */
export function invalidMoneyCommand(problems: string[]): MoneyReply {
  return { ok: false, reason: 'invalid', msg: `Invalid request: ${problems.join('; ')}` };
}

/**
 * The money commands other services call before they answer their own users (bet placement,
 * Aviator). Every reply follows the catalogue: accepted with the new balance (and whether it
 * was a replay), or refused with a reason. Only unexpected failures surface as bus errors.
 */
export function debitCommand(
  ctx: AppContext,
  request: CommandRequest<typeof WalletDebit>,
): Promise<MoneyReply> {
  return moneyCommand(ctx, WalletDebit, request, async (trx, m, req) => {
    const split = splitHolds(m.amountCents, m.reference, req.holds);
    if (!split.ok) throw new InvalidCommandError(split.msg);
    // one decision per key: a copy of this debit that was refused (or is being refused)
    // meanwhile wins over this one, which may have been stalled for any length of time
    await lockKey(trx, m.key);
    const refused = await debitRefusal(trx, m.key);
    if (refused) throw new DebitRefusedEarlierError(refused.reason);
    if (req.freeBetId !== undefined)
      return stakeFreeBet(trx, m, {
        freeBetId: req.freeBetId,
        oddsHundredths: req.oddsHundredths,
        bets: split.holds.length,
        at: new Date(),
      });
    return stake(trx, m, split.holds);
  });
}

export function creditCommand(
  ctx: AppContext,
  request: CommandRequest<typeof WalletCredit>,
): Promise<MoneyReply> {
  return moneyCommand(ctx, WalletCredit, request, async (trx, m) =>
    m.type === 'refund' ? ((await returnFreeBet(trx, m)) ?? payout(trx, m)) : payout(trx, m),
  );
}

export async function balanceCommand(
  ctx: AppContext,
  { userId }: CommandRequest<typeof WalletBalance>,
): Promise<CommandReply<typeof WalletBalance>> {
  const pending = await pendingWithdrawalCents(ctx.db, userId);
  return {
    userId,
    balanceCents: Number(await walletBalance(ctx.db, userId)),
    pendingWithdrawalCents: pending,
  };
}

async function moneyCommand<C extends MoneyCommand>(
  ctx: AppContext,
  command: C,
  req: CommandRequest<C>,
  run: (trx: Trx, m: MoneyMovement, req: CommandRequest<C>) => Promise<Posted>,
): Promise<MoneyReply> {
  const movement: MoneyMovement = {
    key: req.idempotencyKey,
    userId: req.userId,
    amountCents: BigInt(req.amountCents),
    type: req.type as UserTxType,
    reference: req.reference,
    description: req.description,
  };
  try {
    const posted = await retryOnConflict(() =>
      ctx.tx(async (trx) => {
        const result = await run(trx, movement, req);
        await failpoint(ctx, 'before_commit');
        return result;
      }),
    );
    await failpoint(ctx, 'after_commit');
    return {
      ok: true,
      transactionId: posted.transactionId,
      balanceCents: Number(posted.balanceAfter ?? (await walletBalance(ctx.db, req.userId))),
      duplicate: posted.duplicate,
    };
  } catch (err) {
    const refusal =
      err instanceof DebitRefusedEarlierError
        ? err.reason
        : err instanceof InsufficientFundsError
          ? ('insufficient_funds' as const)
          : err instanceof AccountClosedError
            ? ('unknown_account' as const)
            : null;
    if (refusal && command === WalletDebit && !(err instanceof DebitRefusedEarlierError)) {
      // make the refusal final before saying it; if a copy of this debit got through in the
      // meantime, the key already holds a stake and the answer is that stake
      const final = await recordDebitRefusal(ctx, movement, refusal);
      if (final === 'taken') return moneyCommand(ctx, command, req, run);
    }
    if (refusal === 'insufficient_funds') {
      const balance = await walletBalance(ctx.db, req.userId);
      return {
        ok: false,
        reason: 'insufficient_funds',
        msg: 'Insufficient funds',
        balanceCents: Number(balance),
      };
    }
    if (refusal === 'unknown_account')
      return {
        ok: false,
        reason: 'unknown_account',
        msg: err instanceof Error ? err.message : 'Unknown account',
      };
    if (err instanceof FreeBetRefusedError)
      return { ok: false, reason: 'free_bet_unavailable', msg: err.message };
    if (err instanceof IdempotencyConflictError || err instanceof InvalidCommandError)
      return { ok: false, reason: 'invalid', msg: err.message };
    throw err;
  }
}
