import { claimInbox } from '@bet/kit';
import { BetsSettled, BetsVoided, moneyKeys } from '@bet/proto-events';
import type { AppContext } from '../context';
import { fingerprint } from '../domain/references';
import {
  type BetMovement,
  type PlannedMovement,
  planMovements,
  transactionOf,
} from '../domain/settlement-batch';
import type { UserTxType } from '../domain/transactions';
import type { Trx } from '../store/db';
import { debtsOf } from '../store/debts';
import { releaseHolds } from '../store/holds';
import { recordPosted } from '../store/ledger';
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
import { countSettledStakes } from './bonus-grants';

/**
 * Bet events in batches (the consumer's group commit). Settling a game of 100 000 bets sends
 * 100 000 events; one transaction each kept winners waiting minutes. The results, corrections
 * and refunds of bets that appear once in a batch move their money in one transaction, one
 * statement per step for all of them; the rest (cash-outs, a bet with two events in the batch,
 * a correction that came before the result it corrects) go one at a time as before, each bet's
 * events in delivery order.
 */
export async function applyBetEventsTogether(ctx: AppContext, consumer: string, events: MoneyEvent[]) {
  const perBet = new Map<string, number>();
  for (const e of events) perBet.set(e.data.betId, (perBet.get(e.data.betId) ?? 0) + 1);
  const together: Together[] = [];
  const rest: MoneyEvent[] = [];
  for (const e of events) {
    const item = perBet.get(e.data.betId) === 1 ? togetherItem(e) : undefined;
    if (item) together.push(item);
    else rest.push(e);
  }
  const waiting = together.length > 0 ? await settleTogether(ctx, consumer, together) : [];
  const alone = [...rest, ...waiting.map((i) => i.event)];
  const results = await Promise.allSettled(
    alone.map((e) => ctx.betOrder(e.data.betId, () => applyBetEventOnce(ctx, consumer, e))),
  );
  const failed = results.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
}

interface Together {
  event: MoneyEvent;
  /** null: nothing to move (a refund or a correction of nothing) */
  movement: BetMovement | null;
  /** for `bets.settled`: 0 the result, n its n-th correction (`bet_settlements.level`) */
  level?: number;
}

/** An event as the batch takes it, or undefined for one that must go one at a time. */
function togetherItem(e: MoneyEvent): Together | undefined {
  if (e.subject === BetsSettled.subject) {
    const d = e.data;
    const base = { betId: d.betId, userId: d.userId };
    // a bet with an accumulator bonus (its results say accaBonusCents, 0 included): one at a
    // time, where a correction splits the bonus's difference from the rest (decision betting-010)
    if (d.accaBonusCents !== undefined) return undefined;
    if (d.correction !== undefined) {
      // a re-settlement moves only the difference, under its own key per correction
      const adjustment = BigInt(d.adjustmentCents ?? 0);
      const key = moneyKeys.correction(d.betId, d.correction);
      const description = 'Settlement correction';
      const movement: BetMovement | null =
        adjustment > 0n
          ? { ...base, key, kind: 'payout', type: 'win', amount: adjustment, description, collectsDebt: true }
          : adjustment < 0n
            ? {
                ...base,
                key,
                kind: 'clawback',
                type: 'adjustment',
                amount: -adjustment,
                description,
                collectsDebt: false,
              }
            : null;
      return { event: e, movement, level: d.correction };
    }
    if (d.status === 'won' && d.payoutCents > 0)
      return {
        event: e,
        level: 0,
        movement: {
          ...base,
          key: moneyKeys.win(d.betId),
          kind: 'payout',
          type: 'win',
          amount: BigInt(d.payoutCents),
          description: 'Bet won',
          collectsDebt: true,
        },
      };
    return {
      event: e,
      level: 0,
      movement: {
        ...base,
        key: moneyKeys.lost(d.betId),
        kind: 'loss',
        type: 'stake_lost',
        amount: 0n,
        description: 'Bet lost',
        collectsDebt: false,
      },
    };
  }
  if (e.subject === BetsVoided.subject) {
    const d = e.data;
    if (d.refundCents <= 0) return { event: e, movement: null };
    // a free bet's void gives its token back: one at a time (bet-events.ts)
    if ((d.freeBetCents ?? 0) > 0) return undefined;
    return {
      event: e,
      movement: {
        betId: d.betId,
        userId: d.userId,
        key: moneyKeys.refund(d.betId),
        kind: 'payout',
        type: 'refund',
        amount: BigInt(d.refundCents),
        description: `Bet refunded: ${d.reason}`,
        collectsDebt: false,
      },
    };
  }
  return undefined;
}

/**
 * Applies the batch in one transaction; returns the corrections that came before the result
 * or correction they correct (left to the one-at-a-time path, which has them redelivered).
 */
async function settleTogether(ctx: AppContext, consumer: string, items: Together[]): Promise<Together[]> {
  const { applied, waiting } = await ctx.db.transaction().execute(async (trx) => {
    const settled = items.filter((i) => i.level !== undefined);
    // the bets' settlement rows, locked: the events of one bet apply one at a time (bet-events.ts)
    const levels = await lockSettlementLevels(
      trx,
      settled.map((i) => i.event.data.betId),
    );
    const reached = (i: Together) => levels.get(i.event.data.betId) ?? -1;
    const isCorrection = (i: Together) => i.level !== undefined && i.level > 0;
    const early = (i: Together) => isCorrection(i) && reached(i) < (i.level as number) - 1;
    const ready = items.filter((i) => !early(i));
    const fresh = await claimInbox(
      trx,
      consumer,
      ready.map((i) => i.event.id),
    );
    const todo = ready.filter((i) => fresh.has(i.event.id));
    // a correction at or below the level reached was applied already
    const moving = todo.filter((i) => !(isCorrection(i) && reached(i) >= (i.level as number)));
    const contradicted = await moveTogether(
      ctx,
      trx,
      moving.flatMap((i) => (i.movement ? [i.movement] : [])),
    );
    const settledNow = moving.filter(
      (i) => i.level !== undefined && !(i.movement && contradicted.has(i.movement.key)),
    );
    await markManySettled(
      trx,
      settledNow.map((i) => ({
        betId: i.event.data.betId,
        userId: i.event.data.userId,
        level: i.level as number,
      })),
    );
    // first results count towards bonus wagering, as one at a time (decision wallet-008)
    await countSettledStakes(
      trx,
      settledNow.flatMap((i) =>
        i.level === 0 && i.event.subject === BetsSettled.subject ? [i.event.data] : [],
      ),
    );
    return { applied: todo.length > 0, waiting: items.filter(early) };
  });
  if (applied) ctx.relay.nudge();
  return waiting;
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

  // a correction's clawback leaves the bet's hold alone, as one at a time
  const held = await releaseHolds(
    trx,
    mine.filter((m) => m.kind !== 'clawback').map((m) => ({ reference: m.betId, userId: m.userId })),
  );
  const payees = [...new Set(mine.filter((m) => m.kind !== 'loss').map((m) => m.userId))];
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
      .filter((p) => p.postings.length > 0 && p.movement.kind !== 'loss' && p.userAmount === null)
      .map(idOf),
  );
  await insertPostings(
    trx,
    planned
      .filter((p) => p.postings.length > 0)
      .map((p) => ({ transactionId: idOf(p), postings: p.postings, userBalanceAfter: p.balanceAfter })),
  );
  await recordPosted(
    trx,
    planned.flatMap((p) => {
      const claim = claimed.get(p.movement.key);
      if (p.userAmount === null || p.balanceAfter === null || !claim) return [];
      return [
        {
          transactionId: claim.id,
          userId: p.movement.userId,
          type: p.movement.type as UserTxType,
          amount: p.userAmount,
          balanceAfter: p.balanceAfter,
          reference: p.movement.betId,
          description: p.movement.description,
          createdAt: claim.createdAt,
        },
      ];
    }),
  );
  return contradicted;
}
