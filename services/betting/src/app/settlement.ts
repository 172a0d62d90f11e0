import { BetsSettled, BetsVoided, type EventData } from '@bet/proto-events';
import { sql } from 'kysely';
import type { Outcome } from '../domain/placement';
import { decideSettlement, evaluateBet, type LegResult, type Transition } from '../domain/settlement';
import { recordEvents } from './outbox';
import type { Ctx, Db } from './types';

const EPOCH = new Date(0);

/**
 * Settlement in two steps. (1) A game event, in the consumer's inbox transaction, records
 * the game's result on the read model and on every leg of that game, and flags the bets
 * it touches (`needs_eval`); it holds the game row FOR UPDATE, which placements and
 * cash-outs hold FOR KEY SHARE, so neither can slip past it. (2) The settler evaluates
 * flagged bets in batches, each batch one transaction with its events in the outbox; a
 * crash between batches leaves flags that the next pass (or the periodic sweep) picks up.
 * The conditional state changes make a second evaluation of the same bet a no-op.
 */
export class Settler {
  private running: Promise<number> | undefined;
  private again = false;

  constructor(private readonly ctx: Ctx) {}

  /** games.settled (kind 'settled') and games.result_corrected (kind 'corrected'). */
  async applyResult(
    trx: Db,
    e: {
      gameId: string;
      result: Outcome;
      scores: { home: number; away: number };
      at: Date;
      kind: 'settled' | 'corrected';
    },
  ): Promise<void> {
    const game = await trx
      .selectFrom('games')
      .selectAll()
      .where('id', '=', e.gameId)
      .forUpdate()
      .executeTakeFirst();
    if (!game) {
      // no bet can reference a game this service never saw; remember the result anyway
      await trx
        .insertInto('games')
        .values({
          ...stubGame(e.gameId, 'finished'),
          settled_result: e.result,
          result_at: e.at,
          scores_home: e.scores.home,
          scores_away: e.scores.away,
        })
        .execute();
      return;
    }
    if (game.cancelled_at) {
      this.ctx.logger.warn({ gameId: e.gameId }, 'result for a cancelled game ignored');
      return;
    }
    // the original result after a correction (subjects are not ordered), or a duplicate
    if (e.kind === 'settled' && game.settled_result) return;
    if (e.kind === 'corrected' && game.result_at && game.result_at.getTime() > e.at.getTime()) return;
    await trx
      .updateTable('games')
      .set({
        status: 'finished',
        settled_result: e.result,
        result_at: e.at,
        scores_home: e.scores.home,
        scores_away: e.scores.away,
      })
      .where('id', '=', e.gameId)
      .execute();
    if (game.settled_result === e.result) return;
    await trx
      .updateTable('selections')
      .set({ result: sql<LegResult>`case when outcome = ${e.result} then 'won' else 'lost' end` })
      .where('game_id', '=', e.gameId)
      .execute();
    await flagBetsOf(trx, e.gameId, e.kind === 'settled' ? ['pending'] : ['pending', 'won', 'lost']);
  }

  /** games.cancelled: every leg on the game is void (odds 1.00). */
  async applyCancel(trx: Db, gameId: string, at: Date): Promise<void> {
    const game = await trx
      .selectFrom('games')
      .selectAll()
      .where('id', '=', gameId)
      .forUpdate()
      .executeTakeFirst();
    if (!game) {
      await trx
        .insertInto('games')
        .values({ ...stubGame(gameId, 'cancelled'), cancelled_at: at })
        .execute();
      return;
    }
    if (game.cancelled_at) return;
    if (game.settled_result) {
      this.ctx.logger.warn({ gameId }, 'cancellation of a settled game ignored');
      return;
    }
    await trx
      .updateTable('games')
      .set({ status: 'cancelled', cancelled_at: at })
      .where('id', '=', gameId)
      .execute();
    await trx.updateTable('selections').set({ result: 'void' }).where('game_id', '=', gameId).execute();
    await flagBetsOf(trx, gameId, ['pending']);
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
        for (;;) {
          const n = await this.batch();
          if (n === null) break;
          changed += n;
        }
      } while (this.again);
      return changed;
    })().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** One batch; null when there was nothing to look at. */
  private async batch(): Promise<number | null> {
    return this.ctx.tx(async (trx) => {
      const bets = await trx
        .selectFrom('bets')
        .select([
          'id',
          'user_id',
          'bet_type',
          'stake_cents',
          'status',
          'payout_cents',
          'paid_cents',
          'settlements',
        ])
        .where('needs_eval', '=', true)
        .orderBy('id')
        .limit(this.ctx.config.SETTLE_BATCH)
        .forUpdate()
        .skipLocked()
        .execute();
      if (bets.length === 0) return null;
      const ids = bets.map((b) => b.id);
      const legs = await trx
        .selectFrom('selections')
        .select(['bet_id', 'game_id', 'odds', 'result'])
        .where('bet_id', 'in', ids)
        .orderBy('bet_id')
        .orderBy('idx')
        .execute();
      const legsOf = new Map<string, typeof legs>();
      for (const l of legs) {
        const list = legsOf.get(l.bet_id) ?? [];
        list.push(l);
        legsOf.set(l.bet_id, list);
      }
      const now = new Date();
      const changes: Array<{
        id: string;
        userId: string;
        stakeCents: bigint;
        t: Transition;
        gameId: string | null;
      }> = [];
      for (const b of bets) {
        const stakeCents = BigInt(b.stake_cents);
        const betLegs = legsOf.get(b.id) ?? [];
        const t = decideSettlement(
          {
            status: b.status,
            stakeCents,
            payoutCents: BigInt(b.payout_cents),
            paidCents: BigInt(b.paid_cents),
            settlements: b.settlements,
          },
          evaluateBet(stakeCents, betLegs),
        );
        if (t)
          changes.push({
            id: b.id,
            userId: b.user_id,
            stakeCents,
            t,
            gameId: betLegs.length === 1 ? betLegs[0].game_id : null,
          });
      }
      const changedIds = new Set(changes.map((c) => c.id));
      const unchanged = ids.filter((id) => !changedIds.has(id));
      if (unchanged.length > 0)
        await trx.updateTable('bets').set({ needs_eval: false }).where('id', 'in', unchanged).execute();
      if (changes.length > 0) {
        for (let i = 0; i < changes.length; i += 500) {
          const rows = changes
            .slice(i, i + 500)
            .map(
              (c) =>
                sql`(${c.id}, ${c.t.status}, cast(${c.t.payoutCents.toString()} as bigint), cast(${c.t.paidCents.toString()} as bigint), cast(${c.t.settlements} as integer), cast(${c.t.status === 'pending' ? null : now.toISOString()} as timestamptz))`,
            );
          await sql`
            update bets as b set status = v.status, payout_cents = v.payout, paid_cents = v.paid,
              settlements = v.settlements, settled_at = v.settled_at, needs_eval = false
            from (values ${sql.join(rows)}) as v(id, status, payout, paid, settlements, settled_at)
            where b.id = v.id`.execute(trx);
        }
        await this.recordSettlementEvents(trx, changes, now);
      }
      return changes.length;
    });
  }

  private async recordSettlementEvents(
    trx: Db,
    changes: Array<{ id: string; userId: string; stakeCents: bigint; t: Transition; gameId: string | null }>,
    now: Date,
  ) {
    const settled: EventData<typeof BetsSettled>[] = [];
    const voided: EventData<typeof BetsVoided>[] = [];
    const voidGames = [
      ...new Set(changes.filter((c) => c.t.event?.kind === 'voided' && c.gameId).map((c) => c.gameId!)),
    ];
    const names = new Map<string, string>();
    if (voidGames.length > 0) {
      const rows = await trx
        .selectFrom('games')
        .select(['id', 'home_team', 'away_team'])
        .where('id', 'in', voidGames)
        .execute();
      for (const r of rows) names.set(r.id, `${r.home_team} vs ${r.away_team}`);
    }
    for (const c of changes) {
      const e = c.t.event;
      if (!e) continue;
      if (e.kind === 'settled') {
        settled.push({
          betId: c.id,
          userId: c.userId,
          status: e.status,
          stakeCents: Number(c.stakeCents),
          payoutCents: Number(e.payoutCents),
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
          reason: name ? `Game cancelled: ${name}` : 'Every game of this bet was cancelled',
          voidedAt: now.toISOString(),
        });
      }
    }
    await recordEvents(trx, BetsSettled.subject, settled);
    await recordEvents(trx, BetsVoided.subject, voided);
  }
}

async function flagBetsOf(trx: Db, gameId: string, statuses: Array<'pending' | 'won' | 'lost'>) {
  await trx
    .updateTable('bets')
    .set({ needs_eval: true })
    .where('id', 'in', (eb) => eb.selectFrom('selections').select('bet_id').where('game_id', '=', gameId))
    .where('status', 'in', statuses)
    .execute();
}

function stubGame(id: string, status: 'finished' | 'cancelled') {
  return {
    id,
    home_team: '',
    away_team: '',
    home_logo: null,
    away_logo: null,
    league: null,
    match_date: null,
    status,
    scores_home: 0,
    scores_away: 0,
    elapsed: null,
    odds_home: 0,
    odds_draw: 0,
    odds_away: 0,
    odds_live: false,
    odds_at: EPOCH,
    snapshot_at: EPOCH,
  };
}
