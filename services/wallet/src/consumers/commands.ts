import type { TSchema } from '@bet/kit';
import {
  type CommandReply,
  type CommandRequest,
  validate,
  WalletBalance,
  WalletCredit,
  WalletDebit,
} from '@bet/proto-events';
import type { WalletContext } from '../context';
import {
  AccountClosedError,
  IdempotencyConflictError,
  InsufficientFundsError,
  type Posted,
  type Trx,
  walletBalance,
} from '../db/ledger';
import { splitHolds } from '../domain/holds';
import type { UserTxType } from '../domain/transactions';
import {
  DebitRefusedEarlierError,
  debitRefusal,
  lockKey,
  recordDebitRefusal,
} from '../operations/debit-refusals';
import { failpoint } from '../operations/failpoint';
import { type MoneyMovement, payout, stake, withRetry } from '../operations/money';

type MoneyReply = CommandReply<typeof WalletDebit>;

class InvalidCommandError extends Error {
  override name = 'InvalidCommandError';
}

/**
 * The money commands other services call before they answer their own users (bet placement,
 * Aviator). Every reply follows the catalogue: accepted with the new balance (and whether it
 * was a replay), or refused with a reason. Only unexpected failures surface as bus errors.
 */
export async function startMoneyCommands(ctx: WalletContext) {
  ctx.track(
    await ctx.bus.reply(WalletDebit.subject, (req) =>
      moneyCommand(ctx, WalletDebit.request, req, async (trx, m, raw) => {
        const split = splitHolds(
          m.amountCents,
          m.reference,
          (raw as CommandRequest<typeof WalletDebit>).holds,
        );
        if (!split.ok) throw new InvalidCommandError(split.msg);
        // one decision per key: a copy of this debit that was refused (or is being refused)
        // meanwhile wins over this one, which may have been stalled for any length of time
        await lockKey(trx, m.key);
        const refused = await debitRefusal(trx, m.key);
        if (refused) throw new DebitRefusedEarlierError(refused.reason);
        return stake(trx, m, split.holds);
      }),
    ),
  );
  ctx.track(
    await ctx.bus.reply(WalletCredit.subject, (req) =>
      moneyCommand(ctx, WalletCredit.request, req, (trx, m) => payout(trx, m)),
    ),
  );
  ctx.track(
    await ctx.bus.reply(WalletBalance.subject, async (req): Promise<CommandReply<typeof WalletBalance>> => {
      const errors = validate(WalletBalance.request, req);
      if (errors.length > 0) throw new Error(`invalid wallet.balance request: ${errors.join('; ')}`);
      const { userId } = req as CommandRequest<typeof WalletBalance>;
      const held = await ctx.db
        .selectFrom('withdrawals')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('amount'), eb.val('0')).as('cents'))
        .where('user_id', '=', userId)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return {
        userId,
        balanceCents: Number(await walletBalance(ctx.db, userId)),
        pendingWithdrawalCents: Number(held?.cents ?? 0),
      };
    }),
  );
}

async function moneyCommand(
  ctx: WalletContext,
  schema: TSchema,
  raw: unknown,
  run: (trx: Trx, m: MoneyMovement, raw: unknown) => Promise<Posted>,
): Promise<MoneyReply> {
  const errors = validate(schema, raw);
  if (errors.length > 0)
    return { ok: false, reason: 'invalid', msg: `Invalid request: ${errors.join('; ')}` };
  const req = raw as CommandRequest<typeof WalletDebit> | CommandRequest<typeof WalletCredit>;
  const movement: MoneyMovement = {
    key: req.idempotencyKey,
    userId: req.userId,
    amountCents: BigInt(req.amountCents),
    type: req.type as UserTxType,
    reference: req.reference,
    description: req.description,
  };
  try {
    const posted = await withRetry(() =>
      ctx.tx(async (trx) => {
        const result = await run(trx, movement, raw);
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
    if (refusal && schema === WalletDebit.request && !(err instanceof DebitRefusedEarlierError)) {
      // make the refusal final before saying it; if a copy of this debit got through in the
      // meantime, the key already holds a stake and the answer is that stake
      const final = await recordDebitRefusal(ctx, movement, refusal);
      if (final === 'taken') return moneyCommand(ctx, schema, raw, run);
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
    if (err instanceof IdempotencyConflictError || err instanceof InvalidCommandError)
      return { ok: false, reason: 'invalid', msg: err.message };
    throw err;
  }
}
