import { BettingReleaseStake, moneyKeys, WalletCredit, WalletDebit } from '@bet/proto-events';
import type { AppContext } from '../context';
import { type BetRow, betsWithStakeDue, markStakeSettled } from '../store/bets';
import { debitOf } from './debits';

/**
 * Refused bets whose stake was not confirmed when their round lifted off (the debit still on
 * its way, or its answer lost): the debit could still land and take the stake of a bet that
 * never flew. The key is
 * settled here, leader-only, until the wallet answers: the debit is asked again under its own
 * key (a stake already taken answers as a duplicate; a refusal is final for the key, so the
 * stalled copy can never land after it), and a stake that was taken is given back under the
 * bet's refund key. Either way the weekly usage reserved with betting is released.
 */
export async function settleUnconfirmedStakes(ctx: AppContext, batch = 50): Promise<number> {
  let settled = 0;
  for (const bet of await betsWithStakeDue(ctx.db, batch)) {
    try {
      await settleStake(ctx, bet);
      settled++;
    } catch (err) {
      ctx.logger.warn({ err, betId: bet.id }, 'unconfirmed aviator stake not settled yet; will retry');
    }
  }
  return settled;
}

/**
 * Settles one refused bet's stake by its keys (throws when the wallet or betting does not
 * answer; the job tries again). Safe to run twice at once: every step is keyed by the bet.
 */
export async function settleStake(ctx: AppContext, bet: BetRow): Promise<number | undefined> {
  let balanceCents: number | undefined;
  const timeoutMs = ctx.config.AVIATOR_WALLET_TIMEOUT_MS;
  const debit = await ctx.request(WalletDebit, debitOf(bet), { timeoutMs });
  if (debit.ok) {
    const refund = await ctx.request(
      WalletCredit,
      {
        idempotencyKey: moneyKeys.refund(bet.id),
        userId: bet.user_id,
        amountCents: Number(bet.stake_cents),
        type: 'refund',
        reference: bet.id,
        description: `Aviator bet (panel ${bet.panel}) not flown: stake returned`,
      },
      { timeoutMs },
    );
    if (!refund.ok) throw new Error(`refund refused: ${refund.msg}`);
    balanceCents = refund.balanceCents;
  }
  await ctx.request(BettingReleaseStake, { reference: bet.id }, { timeoutMs });
  await markStakeSettled(ctx.db, bet.id);
  ctx.logger.info({ betId: bet.id, taken: debit.ok }, 'unconfirmed aviator stake settled');
  return balanceCents;
}
