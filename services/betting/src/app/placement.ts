import { setTimeout as sleep } from 'node:timers/promises';
import {
  BusRequestError,
  dollarsToCents,
  groupCommit,
  type IdempotencyKey,
  KeyReplay,
  keyInTransaction,
  keyReused,
  newId,
  recordEvents,
  releaseKeyOf,
  writeKeys,
} from '@bet/kit';
import {
  BetsPlaced,
  type CommandReply,
  type CommandRequest,
  DEFAULT_MARKET,
  type EventData,
  moneyKeys,
  WalletCredit,
  WalletDebit,
  WalletFreeBetTerms,
} from '@bet/proto-events';
import type { KitContext } from '../config';
import { type BetJson, betJson, type GameSummary } from '../domain/bet-view';
import {
  AccountClosedError,
  FreeBetOneBetError,
  FreeBetUnavailableError,
  NoSelectionsError,
  NotPlacedRefundedError,
  PlacementPendingError,
  StakeRefusedError,
  WalletRefusedError,
  WalletUnavailableError,
} from '../domain/errors';
import { checkFreeBetTerms, type FreeBetTerms } from '../domain/free-bets';
import {
  anyWeeklyLimit,
  checkNotExcluded,
  checkWeeklyLimits,
  NO_USAGE,
  type WeekUsage,
} from '../domain/limits';
import {
  asFreeBet,
  type BetType,
  checkSlip,
  legLabel,
  MSG,
  type PlannedBet,
  parseStake,
  planBets,
  priceOf,
  type SelectionInput,
  type SlipPromotions,
} from '../domain/placement';
import { BoostOnFreeBetError } from '../domain/promotions';
import { legResult } from '../domain/settlement';
import { acceptsPrice, checkLiability, type OddsChange, oddsChanged } from '../domain/trading';
import { weekStart } from '../domain/week';
import { flagBets, setLegResult } from '../store/bets';
import type { BetRow, Db, GameRow, UserRow } from '../store/db';
import { gameState, gameSummary, loadGames, resultScores } from '../store/games';
import { weekUsages } from '../store/outside-stakes';
import {
  acceptPlacements,
  insertPlacements,
  lockPlacementState,
  markRefundDone,
  markRefundDue,
  type NewPlacement,
  placementById,
  placementLegs,
  placementState,
  rejectPlacement,
} from '../store/placements';
import { accaRulesOnOffer, boostsByIds } from '../store/promotions';
import { exposureKey, exposureOf } from '../store/risk';
import { lockOrCreateUsers } from '../store/users';
import type { LiveMarkets } from './live-markets';
import { renderBetsById } from './views';
import { limitsOf } from './week-usage';

export interface PlaceRequest {
  userId: string;
  username: string;
  betType: BetType;
  stake: number | string | undefined;
  selections: SelectionInput[] | undefined;
  /** the slip's "Odds changes" choice (betting-008); absent: none */
  oddsChange?: OddsChange;
  /** the client's Idempotency-Key: written with the placement; a key already written answers as its first attempt */
  idempotency?: IdempotencyKey;
  /** issue 33: a free-bet token pays the stake (one bet: a single or a multi) */
  freeBetId?: string;
}

type DebitReply = CommandReply<typeof WalletDebit>;

interface RecordInput {
  req: PlaceRequest;
  stakeCents: bigint;
  selections: SelectionInput[];
  now: Date;
  /** per game, the price (hundredths) the player was quoted: what the slip showed, or for a live bet the price when it arrived */
  quoted: Map<string, number>;
  /** the token's terms, asked of the wallet before recording (decision betting-010) */
  freeBet?: FreeBetTerms;
}

/** Step 1's answer for one placement: recorded, or refused with the error to answer. */
type Recorded =
  | {
      ok: true;
      record: PlacementRecord;
      planned: Array<PlannedBet & { freeBetCents: bigint }>;
      games: Map<string, GameRow>;
      placement: NewPlacement;
    }
  | { ok: false; error: unknown };
export type Finish = 'accepted' | 'rejected' | 'compensate';

export const INSUFFICIENT_BALANCE = 'Insufficient balance';
/** the reject reason of a placement whose debit no wallet received */
const WALLET_UNAVAILABLE = 'wallet_unavailable';

/** What the saga needs to know about a placement's bets and legs. */
interface PlacementRecord {
  id: string;
  userId: string;
  debitKey: string;
  amountCents: bigint;
  description: string;
  /** the free-bet token paying the stake; the debit names it with the bet's odds */
  freeBetId: string | null;
  /** promotionId: the bet's accumulator bonus promotion (issue 33), for bets.placed */
  bets: Array<{ id: string; stakeCents: bigint; totalOdds: number; promotionId?: string | null }>;
  legs: Array<{
    betId: string;
    idx: number;
    gameId: string;
    market: string;
    outcome: string;
    odds: number;
    boostId?: string | null;
  }>;
}

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
  ) {}

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
      req.freeBetId !== undefined ? await this.freeBetTerms(req.userId, req.freeBetId) : undefined;
    const now = new Date();
    const recorded = await this.recordTogether({ req, stakeCents, selections, now, quoted, freeBet });
    if (!recorded.ok) throw recorded.error;
    const { record, planned, games } = recorded;

    let reply: DebitReply;
    try {
      reply = await this.sendDebit(record);
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
   * A free-bet token's terms, from the wallet that keeps them (decision betting-010): asked
   * before anything is recorded, so a pick outside them is refused and nothing is left to undo.
   */
  private async freeBetTerms(userId: string, freeBetId: string): Promise<FreeBetTerms> {
    let reply: CommandReply<typeof WalletFreeBetTerms>;
    try {
      reply = await this.ctx.request(
        WalletFreeBetTerms,
        { userId, freeBetId },
        { timeoutMs: this.ctx.config.WALLET_TIMEOUT_MS },
      );
    } catch (err) {
      // nothing was recorded and no money asked for: the same answer as a wallet nobody hears
      this.ctx.logger.warn({ err, freeBetId }, 'free-bet terms unanswered');
      throw new WalletUnavailableError();
    }
    if (!reply.ok) throw new FreeBetUnavailableError(reply.msg);
    return {
      promotionId: reply.promotionId,
      amountCents: BigInt(reply.amountCents),
      minOddsMilli: reply.minOddsMilli,
      leagues: reply.leagues,
      markets: reply.markets,
      status: reply.status,
    };
  }

  /**
   * Step 1: check everything against the read models and record the bets, unpaid. Placements
   * arriving at the same moment share one transaction (group commit); each is still checked
   * on its own, against its user's usage including the placements before it in the batch.
   */
  private readonly recordTogether = groupCommit<RecordInput, Recorded>({
    max: 100,
    parallel: 2,
    runBatch: (inputs) => this.recordMany(inputs),
    runOne: async (input) => (await this.recordMany([input]))[0],
    onBatchError: (err, size) =>
      this.ctx.logger.warn({ err, size }, 'recording placements together failed; one by one'),
  });

  private async recordMany(inputs: RecordInput[]): Promise<Recorded[]> {
    const since = weekStart(inputs[0].now);
    // one usage read per batch: a batch spanning Monday 00:00 UTC goes one by one instead
    if (inputs.some((i) => weekStart(i.now).getTime() !== since.getTime()))
      throw new Error('a batch across the week boundary');
    // no event is written here, so a plain transaction (no outbox relay pass after it)
    return this.ctx.db
      .transaction()
      .execute(async (trx) => {
        // the user row locks serialise one user's placements, so the usage read after them is exact
        const users = await lockOrCreateUsers(
          trx,
          inputs.map((i) => ({ id: i.req.userId, username: i.req.username })),
        );
        const games = await loadGames(
          trx,
          inputs.flatMap((i) => i.selections.map((s) => s.gameId)),
          'keyShare',
        );
        // with Aviator's stakes (see week-usage.ts). Only users with a limit in force need it: the
        // read sums the user's whole week, which grows with every bet a heavy bettor places
        const limited = new Set(
          inputs.flatMap((i) => {
            const user = users.get(i.req.userId);
            return user && anyWeeklyLimit(limitsOf(user), i.now) ? [user.id] : [];
          }),
        );
        // a key already written (by an earlier attempt, or earlier in this batch) places nothing
        const replays = await this.keysTaken(trx, inputs);
        const usage = await weekUsages(trx, [...limited], since);
        const exposure = await exposureOf(
          trx,
          inputs.flatMap((i) => i.selections.map((s) => s.gameId)),
        );
        // issue 33: the boosts the picks name, and (for multis) the accumulator bonuses on offer
        const boosts = await boostsByIds(
          trx,
          inputs.flatMap((i) => i.selections.flatMap((s) => (s.boostId ? [s.boostId] : []))),
        );
        const accaRules = inputs.some((i) => i.req.betType === 'multi' && i.req.freeBetId === undefined)
          ? await accaRulesOnOffer(trx, inputs[0].now)
          : [];
        const out = inputs.map((input, i): Recorded => {
          if (replays[i]) return { ok: false, error: replays[i] };
          try {
            const user = users.get(input.req.userId);
            if (!user) throw new Error(`user ${input.req.userId} not locked`);
            const checked = this.check(input, user, games, usage.get(user.id) ?? NO_USAGE, exposure, {
              boosts,
              accaRules,
            });
            // the placements after this one in the batch count it
            usage.set(user.id, checked.usageAfter);
            return { ok: true, ...checked };
          } catch (error) {
            return { ok: false, error };
          }
        });
        // a second attempt in the same batch as the first: the first's placement, or its refusal
        out.forEach((r, i) => {
          if (r.ok || !(r.error instanceof SameBatch)) return;
          const first = out[r.error.first];
          const hash = inputs[i].req.idempotency?.hash ?? '';
          out[i] = first.ok
            ? { ok: false, error: new KeyReplay({ ref: first.record.id, hash, status: null, body: null }) }
            : first;
        });
        await insertPlacements(
          trx,
          out.flatMap((r) => (r.ok ? [r.placement] : [])),
        );
        await writeKeys(
          trx,
          out.flatMap((r, i) => {
            const k = inputs[i].req.idempotency;
            return r.ok && k ? [{ k, ref: r.record.id }] : [];
          }),
        );
        return out;
      })
      .then((out) => {
        // committed: these requests answer for their keys
        out.forEach((r, i) => {
          const k = inputs[i].req.idempotency;
          if (r.ok && k) k.claimed = true;
        });
        return out;
      });
  }

  /**
   * Per input, the refusal its key brings: a replay of the attempt that wrote it, or (another
   * request under the same key) a 422. The users are locked, so no other transaction writes
   * their keys meanwhile.
   */
  private async keysTaken(trx: Db, inputs: RecordInput[]): Promise<Array<Error | undefined>> {
    const ttlMs = this.ctx.config.IDEMPOTENCY_TTL_HOURS * 3_600_000;
    const inBatch = new Map<string, number>();
    const out: Array<Error | undefined> = [];
    for (const input of inputs) {
      const k = input.req.idempotency;
      if (!k) {
        out.push(undefined);
        continue;
      }
      const id = `${k.userId}\n${k.key}`;
      const first = inBatch.get(id);
      if (first !== undefined) {
        // the first attempt is in this very batch: answered as it is (see recordMany)
        out.push(inputs[first].req.idempotency?.hash === k.hash ? new SameBatch(first) : keyReused());
        continue;
      }
      inBatch.set(id, out.length);
      const stored = await keyInTransaction(trx, k, ttlMs);
      out.push(stored ? (stored.hash === k.hash ? new KeyReplay(stored) : keyReused()) : undefined);
    }
    return out;
  }

  /** One placement's checks and plan, against its locked user, the games and the week's usage. */
  private check(
    { req, stakeCents, selections, now, quoted, freeBet }: RecordInput,
    user: UserRow,
    allGames: Map<string, GameRow>,
    usage: WeekUsage,
    exposure: Map<string, bigint>,
    promos: Pick<SlipPromotions, 'boosts' | 'accaRules'>,
  ) {
    if (user.deleted) throw new AccountClosedError();
    checkNotExcluded(user.excluded_until, now);
    const games = new Map(
      selections.flatMap((s) =>
        allGames.has(s.gameId) ? [[s.gameId, allGames.get(s.gameId) as GameRow]] : [],
      ),
    );
    const planned = asFreeBet(
      planBets(
        req.betType,
        stakeCents,
        selections,
        new Map([...games].map(([id, g]) => [id, gameState(g)])),
        {
          maxStakeCents: dollarsToCents(this.ctx.config.MAX_STAKE),
          maxPayoutCents: dollarsToCents(this.ctx.config.MAX_PAYOUT),
          maxOdds: Math.round(this.ctx.config.MAX_ODDS * 100),
        },
        { ...promos, freeBet: req.freeBetId !== undefined, now },
      ),
      req.freeBetId !== undefined,
    );
    // a free bet within its token's terms: leagues, markets, minimum odds (decision betting-010)
    if (freeBet)
      for (const b of planned)
        checkFreeBetTerms(freeBet, {
          totalOdds: b.totalOdds,
          legs: b.legs.map((l) => {
            const g = games.get(l.gameId) as GameRow;
            return { market: l.market, league: g.league ?? '', home: g.home_team, away: g.away_team };
          }),
        });
    // a price that moved since the player's quote is taken only as the slip allows
    for (const l of planned.flatMap((b) => b.legs)) {
      const q = quoted.get(l.gameId);
      if (q !== undefined && !acceptsPrice(q, l.odds, req.oddsChange ?? 'none')) throw oddsChanged();
    }
    // the liability of each game and market: what one outcome would pay over every pending bet
    const limitCents = dollarsToCents(this.ctx.config.MAX_LIABILITY);
    const added = new Map<string, bigint>();
    for (const b of planned)
      for (const l of b.legs) {
        const key = exposureKey(l.gameId, l.market, l.outcome);
        const g = games.get(l.gameId) as GameRow;
        const adding = (added.get(key) ?? 0n) + b.potentialPayoutCents;
        checkLiability({
          exposedCents: exposure.get(key) ?? 0n,
          payoutCents: adding,
          limitCents,
          totalOdds: b.totalOdds,
          pick: `${legLabel(l.market, l.outcome, { home: g.home_team, away: g.away_team })} on ${g.home_team} vs ${g.away_team}`,
        });
        added.set(key, adding);
      }
    for (const [key, cents] of added) exposure.set(key, (exposure.get(key) ?? 0n) + cents);
    const amountCents = planned.reduce((sum, b) => sum + b.stakeCents, 0n);
    checkWeeklyLimits(limitsOf(user), usage, { bets: planned.length, stakeCents: amountCents }, now);
    const betIds = planned.map(() => newId());
    const id = planned.length === 1 ? betIds[0] : newId();
    const legs = planned.flatMap((b, i) =>
      b.legs.map((l, idx) => ({
        betId: betIds[i],
        idx,
        gameId: l.gameId,
        market: l.market,
        outcome: l.outcome,
        odds: l.odds,
        boostId: l.boostId ?? null,
        baseOdds: l.baseOdds ?? null,
      })),
    );
    const record: PlacementRecord = {
      id,
      userId: req.userId,
      debitKey: planned.length === 1 ? moneyKeys.stake(id) : moneyKeys.stakeSet(id),
      amountCents,
      description: describe(planned),
      freeBetId: req.freeBetId ?? null,
      bets: planned.map((b, i) => ({
        id: betIds[i],
        stakeCents: b.stakeCents,
        totalOdds: b.totalOdds,
        promotionId: b.acca?.promotionId ?? null,
      })),
      legs,
    };
    const placement: NewPlacement = {
      ...record,
      freeBetPromotionId: freeBet?.promotionId ?? null,
      nextAttemptAt: new Date(now.getTime() + this.ctx.config.RECONCILE_AFTER_MS),
      createdAt: now,
      bets: planned.map((b, i) => ({
        id: betIds[i],
        betType: b.betType,
        stakeCents: b.stakeCents,
        totalOdds: b.totalOdds,
        potentialPayoutCents: b.potentialPayoutCents,
        freeBetCents: b.freeBetCents,
        ...(b.acca ? { acca: b.acca } : {}),
      })),
      legs,
    };
    const usageAfter = { bets: usage.bets + planned.length, stakeCents: usage.stakeCents + amountCents };
    return { record, planned, games, placement, usageAfter };
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
    return this.sendDebit(await this.load(placementId));
  }

  private sendDebit(p: PlacementRecord): Promise<DebitReply> {
    const request: CommandRequest<typeof WalletDebit> = {
      idempotencyKey: p.debitKey,
      userId: p.userId,
      amountCents: Number(p.amountCents),
      type: 'bet',
      reference: p.id,
      description: p.description,
      // a free bet (one bet): the token pays, checked against the bet's odds (decision wallet-008)
      ...(p.freeBetId !== null ? { freeBetId: p.freeBetId, oddsHundredths: p.bets[0].totalOdds } : {}),
      // each bet of a set settles (and is refunded) on its own: hold its stake under its id
      ...(p.bets.length > 1
        ? { holds: p.bets.map((b) => ({ reference: b.id, amountCents: Number(b.stakeCents) })) }
        : {}),
    };
    return this.ctx.request(WalletDebit, request, { timeoutMs: this.ctx.config.WALLET_TIMEOUT_MS });
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

/** A second attempt under a key whose first attempt is earlier in the same batch (by index). */
class SameBatch extends Error {
  constructor(readonly first: number) {
    super('idempotency key used earlier in this batch');
  }
}

/** The `bets.placed` events of a placement's accepted bets. */
function placedEvents(p: PlacementRecord, bets: BetRow[]): EventData<typeof BetsPlaced>[] {
  return bets.map((b) => placedEvent(p, b));
}

/** One bet's `bets.placed`; a boost or an accumulator bonus names its promotion (issue 33), else the payload is as before. */
function placedEvent(p: PlacementRecord, b: BetRow): EventData<typeof BetsPlaced> {
  const legs = p.legs.filter((l) => l.betId === b.id);
  const promotionId =
    legs.find((l) => l.boostId)?.boostId ?? p.bets.find((x) => x.id === b.id)?.promotionId ?? null;
  return {
    ...placedData(p, b),
    ...(promotionId ? { promotionId } : {}),
  };
}

function placedData(p: PlacementRecord, b: BetRow): EventData<typeof BetsPlaced> {
  return {
    betId: b.id,
    userId: b.user_id,
    betType: b.bet_type,
    stakeCents: Number(b.stake_cents),
    totalOddsHundredths: b.total_odds,
    potentialPayoutCents: Number(b.potential_payout_cents),
    selections: p.legs
      .filter((l) => l.betId === b.id)
      // a 1X2 leg keeps the spec's payload exactly; another market names itself
      .map((l) =>
        l.market === DEFAULT_MARKET
          ? { gameId: l.gameId, outcome: l.outcome, oddsHundredths: l.odds }
          : { gameId: l.gameId, market: l.market, outcome: l.outcome, oddsHundredths: l.odds },
      ),
    placedAt: new Date(b.created_at).toISOString(),
  };
}

/** The prices the slip showed (hundredths), by game. */
function quotedPrices(selections: SelectionInput[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const s of selections) if (s.odds !== undefined) out.set(s.gameId, Math.round(s.odds * 100));
  return out;
}

function describe(planned: PlannedBet[]): string {
  if (planned.length > 1) return `${planned.length} single bets`;
  const b = planned[0];
  return b.betType === 'single' ? 'Single bet' : `Multi bet (${b.legs.length} selections)`;
}

/** The refusal a placement the wallet refused answers with: the wallet's reason is its code. */
function refusal(reply: DebitReply): Error {
  // a debit that went through is never a refusal (answered as any unexpected error: a 500)
  if (reply.ok) return new Error('a debit the wallet accepted answered as a refusal');
  if (reply.reason === 'insufficient_funds')
    return new WalletRefusedError(reply.reason, INSUFFICIENT_BALANCE);
  if (reply.reason === 'unknown_account')
    return new WalletRefusedError(reply.reason, 'No wallet was found for your account.');
  return new WalletRefusedError(reply.reason, reply.msg || 'The wallet refused the stake.');
}
