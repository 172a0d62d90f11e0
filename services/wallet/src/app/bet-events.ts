import { type EventOf, handleOnce } from '@bet/kit';
import {
  AviatorBetLost,
  AviatorCashedOut,
  BetsCashedOut,
  BetsSettled,
  BetsVoided,
  type EventData,
  moneyKeys,
} from '@bet/proto-events';
import type { AppContext } from '../context';
import { IdempotencyConflictError } from '../domain/errors';
import type { Trx } from '../store/db';
import { accaBonusPaid, markSettled, settlementLevel } from '../store/settlements';
import { countSettledStakes } from './bonus-grants';
import { returnFreeBet } from './free-bets';
import { clawback, clawbackAccaBonus, loseStake, payAccaBonus, payout } from './money';

/**
 * Settlement, refunds, cash-outs and Aviator outcomes arrive as events. Each is applied in
 * the same database transaction as its inbox row, and each movement carries the same
 * idempotency key a money command for it would, so nothing is paid twice either way.
 */
export type MoneyEvent =
  | EventOf<typeof BetsSettled>
  | EventOf<typeof BetsVoided>
  | EventOf<typeof BetsCashedOut>
  | EventOf<typeof AviatorCashedOut>
  | EventOf<typeof AviatorBetLost>;

/**
 * Applies one bet money event once: the inbox row of (consumer, event id) is written in the
 * same transaction as the movement.
 */
export async function applyBetEventOnce(ctx: AppContext, consumer: string, event: MoneyEvent) {
  const applied = await handleOnce(ctx.db, consumer, event.id, (trx) => applyMoneyEvent(ctx, trx, event));
  if (applied) ctx.relay.nudge();
}

/** Applies a money event inside the caller's transaction (the one holding its inbox row). */
export async function applyMoneyEvent(ctx: AppContext, trx: Trx, event: MoneyEvent): Promise<void> {
  try {
    await moveMoney(trx, event);
  } catch (err) {
    if (!(err instanceof IdempotencyConflictError)) throw err;
    // the same movement was already made with other figures (a command and an event that
    // disagree): retrying cannot settle that, a person must; the first figures stand
    ctx.logger.error(
      { id: event.id, subject: event.subject, data: event.data },
      'money event contradicts an earlier movement; not applied',
    );
  }
}

async function moveMoney(trx: Trx, event: MoneyEvent): Promise<void> {
  switch (event.subject) {
    case BetsSettled.subject:
      return settle(trx, event.data);
    case BetsVoided.subject: {
      const e = event.data;
      if (e.refundCents <= 0) return;
      // a free bet's stake goes back to promotions, its token to the player (decision wallet-008)
      const returned = await returnFreeBet(trx, {
        key: moneyKeys.refund(e.betId),
        userId: e.userId,
        reference: e.betId,
        description: `Bet refunded: ${e.reason}`,
      });
      if (returned) return;
      await payout(trx, {
        key: moneyKeys.refund(e.betId),
        userId: e.userId,
        amountCents: BigInt(e.refundCents),
        type: 'refund',
        reference: e.betId,
        description: `Bet refunded: ${e.reason}`,
      });
      return;
    }
    case BetsCashedOut.subject: {
      const e = event.data;
      if (e.amountCents <= 0) {
        await loseStake(trx, {
          key: moneyKeys.lost(e.betId),
          userId: e.userId,
          reference: e.betId,
          description: 'Cashed out for nothing',
        });
        return;
      }
      await payout(trx, {
        key: moneyKeys.cashout(e.betId),
        userId: e.userId,
        amountCents: BigInt(e.amountCents),
        type: 'cashout',
        reference: e.betId,
        description: 'Bet cashed out',
      });
      return;
    }
    case AviatorCashedOut.subject: {
      const e = event.data;
      if (e.payoutCents <= 0) return;
      await payout(trx, {
        key: moneyKeys.aviatorWin(e.betId),
        userId: e.userId,
        amountCents: BigInt(e.payoutCents),
        type: 'aviator_win',
        reference: e.betId,
        description: `Aviator cash-out at ${(e.multiplierHundredths / 100).toFixed(2)}x`,
      });
      return;
    }
    case AviatorBetLost.subject: {
      const e = event.data;
      await loseStake(trx, {
        key: moneyKeys.aviatorLost(e.betId),
        userId: e.userId,
        reference: e.betId,
        description: 'Aviator bet lost',
      });
      return;
    }
  }
}

/**
 * A correction that arrived before the result (or the correction) it corrects: it throws, so
 * the bus redelivers it later, by when its predecessor has been applied.
 */
export class SettlementOutOfOrderError extends Error {
  override name = 'SettlementOutOfOrderError';
}

async function settle(trx: Trx, e: EventData<typeof BetsSettled>) {
  if (e.correction !== undefined) {
    // a correction moves money relative to the state it corrects (a clawback reads the
    // balance the win left): it applies only right after its predecessor, never before
    const level = await settlementLevel(trx, e.betId);
    if (level !== null && level >= e.correction) return; // applied already
    if (level === null || level < e.correction - 1)
      throw new SettlementOutOfOrderError(
        `correction ${e.correction} of bet ${e.betId} before ${level === null ? 'its result' : `correction ${level + 1}`}`,
      );
    await applyCorrection(trx, e, e.correction);
    await markSettled(trx, e.betId, e.userId, e.correction);
    return;
  }
  // the first result: whatever corrections came first waited for it
  await settlementLevel(trx, e.betId);
  await applyResult(trx, e);
  await markSettled(trx, e.betId, e.userId, 0);
  // the stake counts towards the player's bonus wagering (decision wallet-008)
  await countSettledStakes(trx, [e]);
}

async function applyCorrection(trx: Trx, e: EventData<typeof BetsSettled>, correction: number) {
  // a re-settlement moves only the difference, under its own key per correction
  const key = moneyKeys.correction(e.betId, correction);
  // issue 33 (decision betting-010): a bet with an accumulator bonus says its bonus in every
  // result (0 when lost); the bonus's difference is the promotions account's, the rest the house's
  const bonus =
    e.accaBonusCents === undefined ? 0n : BigInt(e.accaBonusCents) - (await accaBonusPaid(trx, e.betId));
  const adjustment = BigInt(e.adjustmentCents ?? 0) - bonus;
  if (adjustment > 0n) {
    await payout(trx, {
      key,
      userId: e.userId,
      amountCents: adjustment,
      type: 'win',
      reference: e.betId,
      description: 'Settlement correction',
    });
  } else if (adjustment < 0n) {
    await clawback(trx, {
      key,
      userId: e.userId,
      amountCents: -adjustment,
      type: 'adjustment',
      reference: e.betId,
      description: 'Settlement correction',
    });
  }
  if (bonus < 0n)
    await clawbackAccaBonus(trx, {
      betId: e.betId,
      userId: e.userId,
      amountCents: -bonus,
      key: `${key}:acca_bonus`,
    });
  else if (bonus > 0n)
    await payAccaBonus(trx, {
      betId: e.betId,
      userId: e.userId,
      amountCents: bonus,
      key: `${key}:acca_bonus`,
      description: 'Accumulator bonus correction',
    });
}

async function applyResult(trx: Trx, e: EventData<typeof BetsSettled>) {
  if (e.status === 'won' && e.payoutCents > 0) {
    // issue 33 (betting-009): the accumulator bonus part of the payout is its own line, paid by promotions
    const bonus = BigInt(e.accaBonusCents ?? 0);
    await payout(trx, {
      key: moneyKeys.win(e.betId),
      userId: e.userId,
      amountCents: BigInt(e.payoutCents) - bonus,
      type: 'win',
      reference: e.betId,
      description: 'Bet won',
    });
    if (bonus > 0n) await payAccaBonus(trx, { betId: e.betId, userId: e.userId, amountCents: bonus });
    return;
  }
  await loseStake(trx, {
    key: moneyKeys.lost(e.betId),
    userId: e.userId,
    reference: e.betId,
    description: 'Bet lost',
  });
}
