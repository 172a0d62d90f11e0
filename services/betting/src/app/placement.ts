import { setTimeout as sleep } from 'node:timers/promises';
import { BusRequestError, groupCommit, recordEvents, releaseKeyOf } from '@bet/kit';
import { BetsPlaced, type CommandRequest, DEFAULT_MARKET, moneyKeys, WalletCredit } from '@bet/proto-events';
import type { KitContext } from '../config';
import { type BetJson, betJson, type GameSummary } from '../domain/bet-view';
import {
  FreeBetOneBetError,
  NoSelectionsError,
  NotPlacedRefundedError,
  PlacementPendingError,
  StakeRefusedError,
  WalletRefusedError,
  WalletUnavailableError,
} from '../domain/errors';
import { checkSlip, MSG, parseStake, priceOf } from '../domain/placement';
import { BoostOnFreeBetError } from '../domain/promotions';
import { legResult } from '../domain/settlement';
import { flagBets, setLegResult } from '../store/bets';
import type { BetRow, Db, GameRow } from '../store/db';
import { gameState, gameSummary, loadGames, resultScores } from '../store/games';
import {
  acceptPlacements,
  lockPlacementState,
  markRefundDone,
  markRefundDue,
  placementById,
  placementLegs,
  placementState,
  rejectPlacement,
} from '../store/placements';
import type { LiveMarkets } from './live-markets';
import { type PlacementRecord, type PlaceRequest, quotedPrices } from './placement-checks';

export type { PlaceRequest };

import { placedEvents } from './placement-events';
import { PlacementRecorder } from './placement-recording';
import {
  askFreeBetTerms,
  type DebitReply,
  INSUFFICIENT_BALANCE,
  refusal,
  sendDebit,
  WALLET_UNAVAILABLE,
} from './placement-wallet';
import { renderBetsById } from './views';

export type Finish = 'accepted' | 'rejected' | 'compensate';

/**
 * The placement saga (DESIGN §3): validate and record the bets as pending_payment →
 * debit the wallet (one debit per placement, so singles placed together are all accepted
 * or none) → accept and announce. The debit happens outside any transaction; whatever
 * the wallet's answer or silence, the placement row says what is left to do and the
 * reconciler finishes it with the same idempotency key.
 */
export class Placement {
  constructor(
    private readonly ctx: KitContext,
    private readonly liveMarkets: LiveMarkets,
    private readonly onSettleNeeded: () => void,
  ) {
    this.recorder = new PlacementRecorder(ctx);
  }

  /** step 1: checks and records, unpaid */
  private readonly recorder: PlacementRecorder;

  /**
   * Places the bets and answers them as the public Bet objects (status pending), with the
   * wallet's balance right after the stake was taken (null when the debit was a replay).
   */
  async place(req: PlaceRequest): Promise<{ bets: BetJson[]; balanceCents: number | null }> {
    if (!req.selections || req.selections.length === 0) throw new NoSelectionsError(MSG.emptyOrNoStake);
    const stakeCents = parseStake(req.stake);
    const selections = checkSlip(req.betType, req.selections);
    // the wallet's token pays one bet, never a set of singles (decision wallet-008)
    if (req.freeBetId !== undefined && selections.length > 1 && req.betType === 'single')
      throw new FreeBetOneBetError(MSG.freeBetOneBet);
    // a free bet is never placed at a boosted price (decision betting-009)
    if (req.freeBetId !== undefined && selections.some((s) => s.boostId !== undefined))
      throw new BoostOnFreeBetError();
    const gameIds = selections.map((s) => s.gameId);
    const live = await this.liveMarkets.check(gameIds);
    const quoted = quotedPrices(selections);
    const delay = this.ctx.config.LIVE_ACCEPT_DELAY_MS;
    if (live.length > 0 && delay > 0) {
      // the acceptance delay (betting-008): check, wait, check again, then record and debit.
      // Nothing is held across the wait (no transaction, no row, no money): a crash during it
      // loses nothing and leaves nothing to reconcile. The price the bet arrived at is its quote.
      const rows = await loadGames(this.ctx.db, live);
      for (const s of selections) {
        const row = rows.get(s.gameId);
        const price = row ? priceOf(gameState(row), s.outcome, s.market ?? DEFAULT_MARKET) : null;
        if (!quoted.has(s.gameId) && price !== null) quoted.set(s.gameId, price);
      }
      await sleep(delay);
      await this.liveMarkets.check(gameIds);
    }
    const freeBet =
      req.freeBetId !== undefined ? await askFreeBetTerms(this.ctx, req.userId, req.freeBetId) : undefined;
    const now = new Date();
    const recorded = await this.recorder.record({ req, stakeCents, selections, now, quoted, freeBet });
    if (!recorded.ok) throw recorded.error;
    const { record, planned, games } = recorded;

    let reply: DebitReply;
    try {
      reply = await sendDebit(this.ctx, record);
    } catch (err) {
      if (err instanceof BusRequestError && err.code === 'no_responders') {
        // nobody received the request, so no money moved: the placement is simply refused
        await this.reject(record.id, WALLET_UNAVAILABLE);
        throw new WalletUnavailableError();
      }
      this.ctx.logger.warn({ err, placementId: record.id }, 'stake debit unanswered; left to the reconciler');
      throw new PlacementPendingError();
    }
    const outcome = await this.finish(record.id, reply, record);
    if (outcome === 'rejected') throw refusal(reply);
    if (outcome === 'compensate') throw new NotPlacedRefundedError();
    const summaries = new Map<string, GameSummary>([...games].map(([id, g]) => [id, gameSummary(g)]));
    const balanceCents = reply.ok && !reply.duplicate ? reply.balanceCents : null;
    const bets = planned.map((b, i) =>
      betJson(
        {
          id: record.bets[i].id,
          betType: b.betType,
          stakeCents: b.stakeCents,
          totalOdds: b.totalOdds,
          potentialPayoutCents: b.potentialPayoutCents,
          freeBetId: b.freeBetCents > 0n ? (req.freeBetId ?? null) : null,
          freeBetCents: b.freeBetCents,
          accaPromotionId: b.acca?.promotionId ?? null,
          accaBonusBp: b.acca?.bp ?? 0,
          accaBonusCents: b.acca?.potentialCents ?? 0n,
          status: 'pending',
          payoutCents: 0n,
          createdAt: now,
          settledAt: null,
        },
        b.legs.map((l) => ({ ...l, result: null })),
        summaries,
      ),
    );
    return { bets, balanceCents };
  }

  /**
   * What a placement answers now, from its state: for a retry under its Idempotency-Key whose
   * first attempt left no final answer (it answered 503, or its process stopped).
   */
  async answerOf(placementId: string): Promise<BetJson[]> {
    const p = await placementById(this.ctx.db, placementId);
    if (p.state === 'pending_payment') throw new PlacementPendingError();
    if (p.state === 'rejected') {
      if (p.refund_state !== null) throw new NotPlacedRefundedError();
      if (p.reject_reason === WALLET_UNAVAILABLE) throw new WalletUnavailableError();
      if (p.reject_reason === 'insufficient_funds')
        throw new WalletRefusedError('insufficient_funds', INSUFFICIENT_BALANCE);
      if (p.reject_reason === null) throw new StakeRefusedError();
      throw new WalletRefusedError(p.reject_reason, 'The wallet refused the stake.');
    }
    const betIds = [...new Set((await placementLegs(this.ctx.db, placementId)).map((l) => l.bet_id))];
    return renderBetsById(this.ctx.db, betIds);
  }

  /** A placement as recorded (for the reconciler, which knows only its id). */
  private async load(placementId: string): Promise<PlacementRecord> {
    const p = await placementById(this.ctx.db, placementId);
    const rows = await placementLegs(this.ctx.db, placementId);
    const bets = new Map<string, { stakeCents: bigint; totalOdds: number; promotionId: string | null }>();
    for (const r of rows)
      bets.set(r.bet_id, {
        stakeCents: BigInt(r.stake_cents),
        totalOdds: r.total_odds,
        promotionId: r.acca_promotion_id,
      });
    return {
      id: p.id,
      userId: p.user_id,
      debitKey: p.debit_key,
      amountCents: BigInt(p.amount_cents),
      description: p.description,
      freeBetId: p.free_bet_id,
      bets: [...bets].map(([id, b]) => ({ id, ...b })),
      legs: rows.map((r) => ({
        betId: r.bet_id,
        idx: r.idx,
        gameId: r.game_id,
        market: r.market,
        outcome: r.outcome,
        odds: r.odds,
        boostId: r.boost_id,
      })),
    };
  }

  /** Sends (or re-sends, with the same key) the placement's stake debit. */
  async debit(placementId: string): Promise<DebitReply> {
    return sendDebit(this.ctx, await this.load(placementId));
  }

  /** Acts on the wallet's answer: accept, reject, or (money taken for a rejected placement) compensate. */
  async finish(placementId: string, reply: DebitReply, known?: PlacementRecord): Promise<Finish> {
    if (!reply.ok) return this.reject(placementId, reply.reason);
    const outcome = await this.accept(known ?? (await this.load(placementId)));
    if (outcome === 'compensate') await this.refund(placementId);
    return outcome;
  }

  /**
   * Step 3: the stake is taken; the bets go live and are announced, in one transaction.
   * Placements accepted at the same moment share it (group commit): what arrives while a
   * batch is written goes in the next one.
   */
  private accept(p: PlacementRecord): Promise<Finish> {
    return this.acceptTogether(p);
  }

  private readonly acceptTogether = groupCommit<PlacementRecord, Finish>({
    max: 100,
    parallel: 2,
    runBatch: (records) => this.acceptMany(records),
    runOne: (p) => this.acceptOne(p),
    onBatchError: (err, size) =>
      this.ctx.logger.warn({ err, size }, 'accepting placements together failed; one by one'),
  });

  /**
   * Accepts the placements still waiting for their debit, in one transaction; those that are
   * not (a reconciler got there first, or rejected them) are then decided one by one.
   */
  private async acceptMany(records: PlacementRecord[]): Promise<Finish[]> {
    let settleNeeded = false;
    const moved = await this.ctx.tx(async (trx) => {
      // the same lock order as placement and cash-out: games (key share) first, then the bets
      const games = await loadGames(
        trx,
        records.flatMap((p) => p.legs.map((l) => l.gameId)),
        'keyShare',
      );
      const bets = await acceptPlacements(
        trx,
        records.map((p) => p.id),
      );
      const byPlacement = new Map<string, BetRow[]>();
      for (const b of bets) byPlacement.set(b.placement_id, [...(byPlacement.get(b.placement_id) ?? []), b]);
      const accepted = records.filter((p) => byPlacement.has(p.id));
      if (await this.decideLegs(trx, accepted, games)) settleNeeded = true;
      await recordEvents(
        trx,
        BetsPlaced,
        accepted.flatMap((p) => placedEvents(p, byPlacement.get(p.id) ?? [])).map((data) => ({ data })),
      );
      return new Set(accepted.map((p) => p.id));
    });
    if (settleNeeded) this.onSettleNeeded();
    const out: Finish[] = [];
    for (const p of records) out.push(moved.has(p.id) ? 'accepted' : await this.acceptOne(p));
    return out;
  }

  private async acceptOne(p: PlacementRecord): Promise<Finish> {
    let settleNeeded = false;
    const result = await this.ctx.tx(async (trx): Promise<Finish> => {
      const games = await loadGames(
        trx,
        p.legs.map((l) => l.gameId),
        'keyShare',
      );
      const bets = await acceptPlacements(trx, [p.id]);
      if (bets.length === 0) {
        const row = await lockPlacementState(trx, p.id);
        if (row.state === 'accepted') return 'accepted';
        if (row.refund_state === null) await markRefundDue(trx, p.id);
        return 'compensate';
      }
      settleNeeded = await this.decideLegs(trx, [p], games);
      await recordEvents(
        trx,
        BetsPlaced,
        placedEvents(p, bets).map((data) => ({ data })),
      );
      return 'accepted';
    });
    if (settleNeeded) this.onSettleNeeded();
    return result;
  }

  /**
   * A game may have been settled or cancelled while the debit was in flight: its legs get
   * their result now and their bets are flagged for the settler (true when any was).
   */
  private async decideLegs(
    trx: Db,
    placements: PlacementRecord[],
    games: Map<string, GameRow>,
  ): Promise<boolean> {
    const decided = new Set<string>();
    for (const l of placements.flatMap((p) => p.legs)) {
      const g = games.get(l.gameId);
      const r = g ? legResult(l.outcome, { ...gameState(g), ...resultScores(g) }, l.market) : null;
      if (r === null) continue;
      await setLegResult(trx, l.betId, l.idx, r);
      decided.add(l.betId);
    }
    if (decided.size > 0) await flagBets(trx, [...decided]);
    return decided.size > 0;
  }

  /** Refuses a placement still waiting for its debit; returns where it ended up. */
  async reject(placementId: string, reason: string): Promise<Finish> {
    return this.ctx.db.transaction().execute(async (trx) => {
      if (await rejectPlacement(trx, placementId, reason)) {
        // nothing was sent to the wallet: a retry under the same key places afresh
        if (reason === WALLET_UNAVAILABLE) await releaseKeyOf(trx, placementId);
        return 'rejected';
      }
      return (await placementState(trx, placementId)) === 'accepted' ? 'accepted' : 'rejected';
    });
  }

  /**
   * Gives back the stakes taken for a placement that had already been rejected (a late
   * debit): one credit per bet, keyed `refund:<betId>` (for a lone bet, its id is the
   * placement's), since the wallet holds a set's stake per bet. Idempotent; if the wallet
   * does not answer, the reconciler asks again.
   */
  async refund(placementId: string): Promise<boolean> {
    const p = await placementById(this.ctx.db, placementId);
    if (p.refund_state !== 'due') return p.refund_state === 'done';
    for (const bet of (await this.load(placementId)).bets) {
      const request: CommandRequest<typeof WalletCredit> = {
        idempotencyKey: moneyKeys.refund(bet.id),
        userId: p.user_id,
        amountCents: Number(bet.stakeCents),
        type: 'refund',
        reference: bet.id,
        description: 'Refund: the bet could not be placed',
      };
      try {
        const reply = await this.ctx.request(WalletCredit, request, {
          timeoutMs: this.ctx.config.WALLET_TIMEOUT_MS,
        });
        if (!reply.ok) {
          this.ctx.logger.error({ placementId, reply }, 'compensating refund refused; will retry');
          return false;
        }
      } catch (err) {
        this.ctx.logger.warn({ err, placementId }, 'compensating refund unanswered; will retry');
        return false;
      }
    }
    await markRefundDone(this.ctx.db, placementId);
    return true;
  }
}
