import { type EventEnvelope, handleOnce, NEVER_GIVE_UP } from '@bet/kit';
import {
  AviatorBetLost,
  AviatorCashedOut,
  BetsCashedOut,
  BetsSettled,
  BetsVoided,
  type EventData,
  validate,
} from '@bet/proto-events';
import type { WalletContext } from '../context';
import { IdempotencyConflictError, type Trx } from '../db/ledger';
import { keys } from '../domain/references';
import { clawback, loseStake, payout } from '../operations/money';

const BET_CONSUMER = 'wallet-bets';
const AVIATOR_CONSUMER = 'wallet-aviator';

/**
 * Settlement, refunds, cash-outs and Aviator outcomes arrive as events. Each is applied in
 * the same database transaction as its inbox row, and each movement carries the same
 * idempotency key a money command for it would, so nothing is paid twice either way.
 */
export async function startBetConsumers(ctx: WalletContext) {
  const inBetOrder = perBetQueue();
  ctx.track(
    await ctx.bus.consume({
      durable: BET_CONSUMER,
      subjects: [BetsSettled.subject, BetsVoided.subject, BetsCashedOut.subject],
      // each event moves money for one bet under its own key; a settlement of 100 000 bets
      // must not wait on one database round trip at a time
      // ...but the events of one bet go one after another, in the order they were delivered: a
      // correction's clawback reads the wallet balance, so run before the win it corrects it
      // would book the whole amount as debt and the win would then be paid in full. This
      // queue only orders one process; across replicas and redeliveries the bet's
      // bet_settlements row holds a correction back until its predecessor is applied
      concurrency: 8,
      // wins, refunds and cash-outs wait out any outage of the database: never dropped
      maxDeliver: NEVER_GIVE_UP,
      handler: (event) => inBetOrder(betOf(event), () => handle(ctx, BET_CONSUMER, event)),
    }),
  );
  ctx.track(
    await ctx.bus.consume({
      durable: AVIATOR_CONSUMER,
      subjects: [AviatorCashedOut.subject, AviatorBetLost.subject],
      maxDeliver: NEVER_GIVE_UP,
      handler: (event) => handle(ctx, AVIATOR_CONSUMER, event),
    }),
  );
}

function betOf(event: EventEnvelope): string {
  const betId = (event.data as { betId?: unknown } | null)?.betId;
  return typeof betId === 'string' ? betId : event.id;
}

/**
 * Runs tasks with the same key one at a time, in the order they were queued (the kit calls
 * the handler in delivery order). A failed task does not hold the next one back: it is
 * redelivered later, as it would be without concurrency.
 */
export function perBetQueue() {
  const tails = new Map<string, Promise<void>>();
  return (key: string, task: () => Promise<void>): Promise<void> => {
    const run = (tails.get(key) ?? Promise.resolve()).then(task);
    const tail = run.catch(() => {});
    tails.set(key, tail);
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    return run;
  };
}

const schemas = {
  [BetsSettled.subject]: BetsSettled.schema,
  [BetsVoided.subject]: BetsVoided.schema,
  [BetsCashedOut.subject]: BetsCashedOut.schema,
  [AviatorCashedOut.subject]: AviatorCashedOut.schema,
  [AviatorBetLost.subject]: AviatorBetLost.schema,
} as const;

async function handle(ctx: WalletContext, consumer: string, event: EventEnvelope) {
  const schema = schemas[event.subject as keyof typeof schemas];
  const errors = schema ? validate(schema, event.data) : ['unknown subject'];
  if (errors.length > 0) {
    // a malformed event never becomes valid by redelivery; it needs a person
    ctx.logger.error({ id: event.id, subject: event.subject, errors }, 'malformed money event skipped');
    return;
  }
  const applied = await handleOnce(ctx.db, consumer, event.id, async (trx) => {
    try {
      await applyMoneyEvent(trx, event);
    } catch (err) {
      if (!(err instanceof IdempotencyConflictError)) throw err;
      // the same movement was already made with other figures (a command and an event that
      // disagree): retrying cannot settle that, a person must; the first figures stand
      ctx.logger.error(
        { id: event.id, subject: event.subject, data: event.data },
        'money event contradicts an earlier movement; not applied',
      );
    }
  });
  if (applied) ctx.relay.nudge();
}

export async function applyMoneyEvent(trx: Trx, event: EventEnvelope): Promise<void> {
  switch (event.subject) {
    case BetsSettled.subject:
      return settle(trx, event.data as EventData<typeof BetsSettled>);
    case BetsVoided.subject: {
      const e = event.data as EventData<typeof BetsVoided>;
      if (e.refundCents <= 0) return;
      await payout(trx, {
        key: keys.refund(e.betId),
        userId: e.userId,
        amountCents: BigInt(e.refundCents),
        type: 'refund',
        reference: e.betId,
        description: `Bet refunded: ${e.reason}`,
      });
      return;
    }
    case BetsCashedOut.subject: {
      const e = event.data as EventData<typeof BetsCashedOut>;
      if (e.amountCents <= 0) {
        await loseStake(trx, {
          key: keys.lost(e.betId),
          userId: e.userId,
          reference: e.betId,
          description: 'Cashed out for nothing',
        });
        return;
      }
      await payout(trx, {
        key: keys.cashout(e.betId),
        userId: e.userId,
        amountCents: BigInt(e.amountCents),
        type: 'cashout',
        reference: e.betId,
        description: 'Bet cashed out',
      });
      return;
    }
    case AviatorCashedOut.subject: {
      const e = event.data as EventData<typeof AviatorCashedOut>;
      if (e.payoutCents <= 0) return;
      await payout(trx, {
        key: keys.aviatorWin(e.betId),
        userId: e.userId,
        amountCents: BigInt(e.payoutCents),
        type: 'aviator_win',
        reference: e.betId,
        description: `Aviator cash-out at ${(e.multiplierHundredths / 100).toFixed(2)}x`,
      });
      return;
    }
    case AviatorBetLost.subject: {
      const e = event.data as EventData<typeof AviatorBetLost>;
      await loseStake(trx, {
        key: keys.aviatorLost(e.betId),
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

/**
 * Where this bet's settlement stands (0: first result applied, n: n-th correction applied,
 * null: nothing yet), the row locked so the events of one bet apply one at a time whichever
 * replica or delivery brings them.
 */
async function settlementLevel(trx: Trx, betId: string): Promise<number | null> {
  const row = await trx
    .selectFrom('bet_settlements')
    .select('level')
    .where('bet_id', '=', betId)
    .forUpdate()
    .executeTakeFirst();
  return row ? row.level : null;
}

async function markSettled(trx: Trx, betId: string, userId: string, level: number) {
  await trx
    .insertInto('bet_settlements')
    .values({ bet_id: betId, user_id: userId, level })
    .onConflict((oc) =>
      oc.column('bet_id').doUpdateSet((eb) => ({
        level: eb.fn('greatest', [eb.ref('bet_settlements.level'), eb.ref('excluded.level')]),
        updated_at: new Date(),
      })),
    )
    .execute();
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
}

async function applyCorrection(trx: Trx, e: EventData<typeof BetsSettled>, correction: number) {
  // a re-settlement moves only the difference, under its own key per correction
  const adjustment = BigInt(e.adjustmentCents ?? 0);
  const key = keys.correction(e.betId, correction);
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
}

async function applyResult(trx: Trx, e: EventData<typeof BetsSettled>) {
  if (e.status === 'won' && e.payoutCents > 0) {
    await payout(trx, {
      key: keys.win(e.betId),
      userId: e.userId,
      amountCents: BigInt(e.payoutCents),
      type: 'win',
      reference: e.betId,
      description: 'Bet won',
    });
    return;
  }
  await loseStake(trx, {
    key: keys.lost(e.betId),
    userId: e.userId,
    reference: e.betId,
    description: 'Bet lost',
  });
}
