import { payoutCents, recordEvents } from '@bet/kit';
import { BetsSettled, BetsVoided, type EventData } from '@bet/proto-events';
import type { KitContext } from '../config';
import type { Outcome } from '../domain/placement';
import { promotedResult } from '../domain/promotions';
import {
  decideSettlement,
  evaluateBet,
  legResult,
  settledOddsHundredths,
  type Transition,
} from '../domain/settlement';
import {
  applyTransitions,
  clearFlags,
  flagBetsOfGame,
  holdGamesOfBets,
  legResults,
  lockFlaggedBets,
  setLegResultsOfGame,
  voidLegsOfGame,
} from '../store/bets';
import type { Db } from '../store/db';
import {
  gameNames,
  insertCancelledStub,
  insertFinishedStub,
  lockGame,
  markCancelled,
  markFinished,
} from '../store/games';

/** Where parallel batches of one evaluation pass are in the flagged bets (by id). */
interface Walk {
  after: string;
  /** the previous batch's lock query */
  turn: Promise<unknown>;
}

/**
 * Settlement in two steps. (1) A game event, in the consumer's inbox transaction, records
 * the game's result on the read model and on every leg of that game, and flags the bets
 * it touches (`settlement_flags`); it holds the game row FOR UPDATE, which placements and
 * cash-outs hold FOR KEY SHARE, so neither can slip past it. (2) The settler evaluates
 * flagged bets in batches, each batch one transaction with its events in the outbox; a
 * crash between batches leaves flags that the next pass (or the periodic sweep) picks up.
 * The conditional state changes make a second evaluation of the same bet a no-op.
 */
/** One bet's move at settlement, and what its events say of it. */
interface SettlementChange {
  id: string;
  userId: string;
  stakeCents: bigint;
  freeBetCents: bigint;
  pushed: boolean;
  t: Transition;
  gameId: string | null;
  oddsHundredths: number;
  /** issue 33: a multi's accumulator bonus as settled (null: the bet has none, or it stays as it was) */
  accaBonus: { bp: number; cents: bigint } | null;
  /** the bet's boost or acca promotion and what it cost in this result */
  promotionId: string | null;
  costCents: bigint;
}

export class Settler {
  private running: Promise<number> | undefined;
  private again = false;

  constructor(private readonly ctx: KitContext) {}

  /** games.settled (kind 'settled') and games.result_corrected (kind 'corrected'). */
  async applyResult(
    trx: Db,
    e: {
      gameId: string;
      result: Outcome;
      scores: { home: number; away: number };
      htScores?: { home: number; away: number } | null;
      at: Date;
      kind: 'settled' | 'corrected';
    },
  ): Promise<void> {
    const game = await lockGame(trx, e.gameId);
    if (!game) {
      // no bet can reference a game this service never saw; remember the result anyway
      await insertFinishedStub(trx, e.gameId, e);
      return;
    }
    if (game.cancelled_at) {
      this.ctx.logger.warn({ gameId: e.gameId }, 'result for a cancelled game ignored');
      return;
    }
    // the original result after a correction (subjects are not ordered), or a duplicate
    if (e.kind === 'settled' && game.settled_result) return;
    if (e.kind === 'corrected' && game.result_at && game.result_at.getTime() > e.at.getTime()) return;
    await markFinished(trx, e.gameId, e);
    // the same result on the same scores changes no leg of any market
    const ht = e.htScores ?? null;
    if (
      game.settled_result === e.result &&
      game.scores_home === e.scores.home &&
      game.scores_away === e.scores.away &&
      game.ht_home === (ht?.home ?? null) &&
      game.ht_away === (ht?.away ?? null)
    )
      return;
    const facts = { settledResult: e.result, cancelled: false, scores: e.scores, htScores: ht };
    await setLegResultsOfGame(
      trx,
      e.gameId,
      e.result,
      (market, outcome) => legResult(outcome, facts, market)!,
    );
    await flagBetsOfGame(trx, e.gameId, e.kind === 'settled' ? ['pending'] : ['pending', 'won', 'lost']);
  }

  /** games.cancelled: every leg on the game is void (odds 1.00). */
  async applyCancel(trx: Db, gameId: string, at: Date): Promise<void> {
    const game = await lockGame(trx, gameId);
    if (!game) {
      await insertCancelledStub(trx, gameId, at);
      return;
    }
    if (game.cancelled_at) return;
    if (game.settled_result) {
      this.ctx.logger.warn({ gameId }, 'cancellation of a settled game ignored');
      return;
    }
    await markCancelled(trx, gameId, at);
    await voidLegsOfGame(trx, gameId);
    await flagBetsOfGame(trx, gameId, ['pending']);
  }

  /** Asks for an evaluation pass soon (coalesced with one already running). */
  nudge(): void {
    void this.drain().catch((err) => this.ctx.logger.error({ err }, 'settlement pass failed'));
  }

  /** Evaluates flagged bets until none is left; resolves with how many changed. */
  drain(): Promise<number> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      let changed = 0;
      do {
        this.again = false;
        // walks the flags in id order until a walk from the start finds none left (bets
        // another replica held, flags set behind the walk meanwhile)
        for (;;) {
          const walk: Walk = { after: '', turn: Promise.resolve() };
          const workers = Array.from({ length: this.ctx.config.SETTLE_PARALLEL }, () => this.walk(walk));
          // every worker ends before the pass does, even when one fails
          const settled = await Promise.allSettled(workers);
          const failed = settled.find((r) => r.status === 'rejected');
          if (failed) throw failed.reason;
          const done = settled.map(
            (r) => (r as PromiseFulfilledResult<{ changed: number; batches: number }>).value,
          );
          changed += done.reduce((sum, w) => sum + w.changed, 0);
          if (done.every((w) => w.batches === 0)) break;
        }
      } while (this.again);
      return changed;
    })().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** Batches until the walk finds nothing after its position (one of `SETTLE_PARALLEL`). */
  private async walk(walk: Walk): Promise<{ changed: number; batches: number }> {
    let changed = 0;
    let batches = 0;
    for (;;) {
      const n = await this.batch(walk);
      if (n === null) return { changed, batches };
      changed += n;
      batches++;
    }
  }

  /** One batch, the next flagged bets of the walk; null when there was nothing to look at. */
  private async batch(walk: Walk): Promise<number | null> {
    return this.ctx.tx(async (trx) => {
      // one lock query at a time, each after the bets the previous one took: parallel
      // batches neither wait for nor skip over each other's rows
      const claim = walk.turn.then(async () => {
        const rows = await lockFlaggedBets(trx, this.ctx.config.SETTLE_BATCH, walk.after);
        if (rows.length > 0) walk.after = rows[rows.length - 1].id;
        return rows;
      });
      walk.turn = claim.catch(() => undefined);
      const bets = await claim;
      if (bets.length === 0) return null;
      const ids = bets.map((b) => b.id);
      // a multi's other game may be settling right now; a single has no other game
      await holdGamesOfBets(
        trx,
        bets.filter((b) => b.bet_type === 'multi').map((b) => b.id),
      );
      const legs = await legResults(trx, ids);
      const legsOf = new Map<string, typeof legs>();
      for (const l of legs) {
        const list = legsOf.get(l.bet_id) ?? [];
        list.push(l);
        legsOf.set(l.bet_id, list);
      }
      const now = new Date();
      const changes: SettlementChange[] = [];
      for (const b of bets) {
        const stakeCents = BigInt(b.stake_cents);
        const freeBetCents = BigInt(b.free_bet_cents);
        const betLegs = legsOf.get(b.id) ?? [];
        const evaluation = evaluateBet(stakeCents, betLegs, freeBetCents);
        // issue 33: an accumulator bonus on the won legs' tier, a boost's cost (betting-009)
        const promoted = promotedResult(
          stakeCents,
          evaluation.state === 'won' ? evaluation.payoutCents : null,
          betLegs.map((l) => ({ odds: l.odds, result: l.result, baseOdds: l.base_odds })),
          b.acca_tiers ? { tiers: b.acca_tiers } : null,
          payoutCents,
        );
        const t = decideSettlement(
          {
            status: b.status,
            stakeCents,
            payoutCents: BigInt(b.payout_cents),
            paidCents: BigInt(b.paid_cents),
            settlements: b.settlements,
          },
          evaluation.state === 'won' && promoted.payoutCents !== null
            ? { state: 'won', payoutCents: promoted.payoutCents }
            : evaluation,
        );
        const promotionId =
          b.acca_promotion_id ?? betLegs.find((l) => l.boost_id)?.boost_id ?? b.free_bet_promotion_id ?? null;
        if (t)
          changes.push({
            id: b.id,
            userId: b.user_id,
            stakeCents,
            freeBetCents,
            pushed: betLegs.some((l) => l.result === 'push'),
            t,
            gameId: betLegs.length === 1 ? betLegs[0].game_id : null,
            oddsHundredths: settledOddsHundredths(betLegs),
            // the bonus paid once won, none once lost or void; a re-opened bet keeps its figure
            accaBonus:
              b.acca_tiers && t.status !== 'pending'
                ? { bp: promoted.accaBonusBp, cents: promoted.accaBonusCents }
                : null,
            promotionId,
            // a free bet costs its promotion what it paid the player (its winnings; a loss: none)
            costCents:
              b.free_bet_promotion_id !== null
                ? t.status === 'won'
                  ? t.payoutCents
                  : 0n
                : promoted.costCents,
          });
      }
      await clearFlags(trx, ids);
      if (changes.length > 0) {
        await applyTransitions(trx, changes, now);
        await this.recordSettlementEvents(trx, changes, now);
      }
      return changes.length;
    });
  }

  private async recordSettlementEvents(trx: Db, changes: SettlementChange[], now: Date) {
    const settled: EventData<typeof BetsSettled>[] = [];
    const voided: EventData<typeof BetsVoided>[] = [];
    const voidGames = [
      ...new Set(changes.filter((c) => c.t.event?.kind === 'voided' && c.gameId).map((c) => c.gameId!)),
    ];
    const names = await gameNames(trx, voidGames);
    for (const c of changes) {
      const e = c.t.event;
      if (!e) continue;
      // what a token paid: never the player's money, never returned (decision wallet-008)
      const freeBet = c.freeBetCents > 0n ? { freeBetCents: Number(c.freeBetCents) } : {};
      if (e.kind === 'settled') {
        settled.push({
          betId: c.id,
          userId: c.userId,
          status: e.status,
          stakeCents: Number(c.stakeCents),
          payoutCents: Number(e.payoutCents),
          oddsHundredths: c.oddsHundredths,
          ...freeBet,
          // issue 33: the bonus part of the payout (the wallet pays it as acca_bonus) and the promotion's cost
          // said in every result of a bet with a bonus, 0 included: a correction's bonus difference is promotions' (betting-010)
          ...(c.accaBonus ? { accaBonusCents: Number(c.accaBonus.cents) } : {}),
          ...(c.promotionId ? { promotionId: c.promotionId, promotionCostCents: Number(c.costCents) } : {}),
          ...(e.correction !== undefined
            ? { correction: e.correction, adjustmentCents: Number(e.adjustmentCents ?? 0n) }
            : {}),
          settledAt: now.toISOString(),
        });
      } else {
        const name = c.gameId ? names.get(c.gameId) : undefined;
        voided.push({
          betId: c.id,
          userId: c.userId,
          refundCents: Number(e.refundCents),
          reason: c.pushed
            ? 'Free bet: every leg pushed or was void; the token is given back'
            : name
              ? `Game cancelled: ${name}`
              : 'Every game of this bet was cancelled',
          ...freeBet,
          voidedAt: now.toISOString(),
        });
      }
    }
    await recordEvents(
      trx,
      BetsSettled,
      settled.map((data) => ({ data })),
    );
    await recordEvents(
      trx,
      BetsVoided,
      voided.map((data) => ({ data })),
    );
  }
}
