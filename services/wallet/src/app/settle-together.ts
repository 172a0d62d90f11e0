import { claimInbox, recordEvents } from '@bet/kit';
import { BetsSettled, BetsVoided, moneyKeys, WalletTransactionPosted } from '@bet/proto-events';
import type { AppContext } from '../context';
import { fingerprint } from '../domain/references';
import {
  type BetMovement,
  holdKey,
  type PlannedMovement,
  planMovements,
  transactionOf,
} from '../domain/settlement-batch';
import type { UserTxType } from '../domain/transactions';
import type { Trx } from '../store/db';
import { debtsOf } from '../store/debts';
import { releaseHolds } from '../store/holds';
import {
  claimTransactions,
  detachFromWallet,
  dropTransactions,
  fingerprintsOf,
  insertPostings,
  lockWallets,
  moveWallets,
} from '../store/ledger-batch';
import { lockSettlementLevels, markManySettled } from '../store/settlements';
import { applyBetEventOnce, type MoneyEvent } from './bet-events';

/**
 * Bet events in batches (the consumer's group commit). Settling a game of 100 000 bets sends
 * 100 000 events; one transaction each kept winners waiting minutes. The first results and
 * refunds of bets that appear once in a batch move their money in one transaction, one
 * statement per step for all of them; the rest (corrections, cash-outs, a bet with two events
 * in the batch) go one at a time as before, each bet's events in delivery order.
 */
export async function applyBetEventsTogether(ctx: AppContext, consumer: string, events: MoneyEvent[]) {
  const perBet = new Map<string, number>();
  for (const e of events) perBet.set(e.data.betId, (perBet.get(e.data.betId) ?? 0) + 1);
  const together: Array<{ event: MoneyEvent; movement: BetMovement | null }> = [];
  const rest: MoneyEvent[] = [];
  for (const e of events) {
    const movement = perBet.get(e.data.betId) === 1 ? movementOf(e) : undefined;
    if (movement === undefined) rest.push(e);
    else together.push({ event: e, movement });
  }
  if (together.length > 0) await settleTogether(ctx, consumer, together);
  const results = await Promise.allSettled(
    rest.map((e) => ctx.betOrder(e.data.betId, () => applyBetEventOnce(ctx, consumer, e))),
  );
  const failed = results.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
}

/**
 * The movement a first result or a refund makes (null: none, e.g. a refund of nothing), or
 * undefined for events that must go one at a time.
 */
function movementOf(e: MoneyEvent): BetMovement | null | undefined {
  if (e.subject === BetsSettled.subject) {
    const d = e.data;
    if (d.correction !== undefined) return undefined;
    const base = { betId: d.betId, userId: d.userId };
    if (d.status === 'won' && d.payoutCents > 0)
      return {
        ...base,
        key: moneyKeys.win(d.betId),
        kind: 'payout',
        type: 'win',
        amount: BigInt(d.payoutCents),
        description: 'Bet won',
        collectsDebt: true,
      };
    return {
      ...base,
      key: moneyKeys.lost(d.betId),
      kind: 'loss',
      type: 'stake_lost',
      amount: 0n,
      description: 'Bet lost',
      collectsDebt: false,
    };
  }
  if (e.subject === BetsVoided.subject) {
    const d = e.data;
    if (d.refundCents <= 0) return null;
    return {
      betId: d.betId,
      userId: d.userId,
      key: moneyKeys.refund(d.betId),
      kind: 'payout',
      type: 'refund',
      amount: BigInt(d.refundCents),
      description: `Bet refunded: ${d.reason}`,
      collectsDebt: false,
    };
  }
  return undefined;
}

async function settleTogether(
  ctx: AppContext,
  consumer: string,
  items: Array<{ event: MoneyEvent; movement: BetMovement | null }>,
) {
  const applied = await ctx.db.transaction().execute(async (trx) => {
    const fresh = await claimInbox(
      trx,
      consumer,
      items.map((i) => i.event.id),
    );
    const todo = items.filter((i) => fresh.has(i.event.id));
    if (todo.length === 0) return false;
    const results = todo.filter((i) => i.event.subject === BetsSettled.subject);
    // a correction that came first waits for its result on this row (see bet-events.ts)
    await lockSettlementLevels(
      trx,
      results.map((i) => i.event.data.betId),
    );
    const movements = todo.flatMap((i) => (i.movement ? [i.movement] : []));
    const contradicted = await moveTogether(ctx, trx, movements);
    await markManySettled(
      trx,
      results
        .filter((i) => !(i.movement && contradicted.has(i.movement.key)))
        .map((i) => ({ betId: i.event.data.betId, userId: i.event.data.userId, level: 0 })),
    );
    return true;
  });
  if (applied) ctx.relay.nudge();
}

/**
 * Posts many bet movements in the caller's transaction, each exactly once per key, with the
 * same rows and events as `payout`/`loseStake` would write one by one. Returns the keys
 * already used with other figures (not applied; logged).
 */
async function moveTogether(ctx: AppContext, trx: Trx, movements: BetMovement[]): Promise<Set<string>> {
  const rows = movements.map((m) => {
    const t = transactionOf(m);
    return {
      key: m.key,
      type: t.type,
      userId: t.userId,
      reference: m.betId,
      description: m.description,
      fingerprint: fingerprint({ type: t.type, userId: t.userId, amount: t.requested }),
      metadata: t.metadata,
    };
  });
  const claimed = await claimTransactions(trx, rows);
  const contradicted = new Set<string>();
  const replays = rows.filter((r) => !claimed.has(r.key));
  if (replays.length > 0) {
    const recorded = await fingerprintsOf(
      trx,
      replays.map((r) => r.key),
    );
    for (const r of replays) {
      if (recorded.get(r.key) === r.fingerprint) continue;
      contradicted.add(r.key);
      // a retry cannot settle a contradiction, a person must; the first figures stand
      ctx.logger.error({ key: r.key }, 'money event contradicts an earlier movement; not applied');
    }
  }
  const mine = movements.filter((m) => claimed.has(m.key));
  if (mine.length === 0) return contradicted;

  const held = await releaseHolds(
    trx,
    mine.map((m) => ({ reference: m.betId, userId: m.userId })),
  );
  const payees = [...new Set(mine.filter((m) => m.kind === 'payout').map((m) => m.userId))];
  // the wallet locks make a user's wins in two batches (or a batch and a single) collect debt in turn
  const wallets = await lockWallets(trx, payees);
  const balances = new Map([...wallets].map(([id, w]) => [id, w.balance]));
  const debtors = mine.some((m) => m.collectsDebt)
    ? await debtsOf(
        trx,
        payees.filter((u) => mine.some((m) => m.collectsDebt && m.userId === u)),
      )
    : new Map<string, bigint>();
  const { planned, walletDeltas } = planMovements(mine, { held, debts: debtors, balances });
  await moveWallets(trx, walletDeltas, wallets);

  const idOf = (p: PlannedMovement) => claimed.get(p.movement.key)?.id as string;
  await dropTransactions(trx, planned.filter((p) => p.postings.length === 0).map(idOf));
  await detachFromWallet(
    trx,
    planned
      .filter((p) => p.postings.length > 0 && p.movement.kind === 'payout' && p.userAmount === null)
      .map(idOf),
  );
  await insertPostings(
    trx,
    planned
      .filter((p) => p.postings.length > 0)
      .map((p) => ({ transactionId: idOf(p), postings: p.postings, userBalanceAfter: p.balanceAfter })),
  );
  await recordEvents(
    trx,
    WalletTransactionPosted,
    planned.flatMap((p) => {
      if (p.userAmount === null || p.balanceAfter === null) return [];
      const claim = claimed.get(p.movement.key);
      if (!claim) return [];
      return [
        {
          data: {
            transactionId: claim.id,
            userId: p.movement.userId,
            type: p.movement.type as UserTxType,
            amountCents: Number(p.userAmount),
            balanceAfterCents: Number(p.balanceAfter),
            reference: p.movement.betId,
            description: p.movement.description,
            createdAt: claim.createdAt.toISOString(),
          },
        },
      ];
    }),
  );
  return contradicted;
}
