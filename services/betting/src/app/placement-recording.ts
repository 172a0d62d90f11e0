import { groupCommit, KeyReplay, keyInTransaction, keyReused, writeKeys } from '@bet/kit';
import type { KitContext } from '../config';
import { anyWeeklyLimit, NO_USAGE } from '../domain/limits';
import type { PlannedBet } from '../domain/placement';
import { weekStart } from '../domain/week';
import type { Db, GameRow } from '../store/db';
import { loadGames } from '../store/games';
import { weekUsages } from '../store/outside-stakes';
import { insertPlacements, type NewPlacement } from '../store/placements';
import { accaRulesOnOffer, boostsByIds } from '../store/promotions';
import { exposureOf } from '../store/risk';
import { lockOrCreateUsers } from '../store/users';
import { checkPlacement, type PlacementRecord, type RecordInput } from './placement-checks';
import { limitsOf } from './week-usage';

/** Step 1's answer for one placement: recorded, or refused with the error to answer. */
export type Recorded =
  | {
      ok: true;
      record: PlacementRecord;
      planned: Array<PlannedBet & { freeBetCents: bigint }>;
      games: Map<string, GameRow>;
      placement: NewPlacement;
    }
  | { ok: false; error: unknown };

/**
 * Step 1 of the placement saga: checks each placement and records its bets unpaid
 * (pending_payment), placements arriving together in one transaction (group commit).
 */
export class PlacementRecorder {
  constructor(private readonly ctx: KitContext) {}

  /**
   * Step 1: check everything against the read models and record the bets, unpaid. Placements
   * arriving at the same moment share one transaction (group commit); each is still checked
   * on its own, against its user's usage including the placements before it in the batch.
   */
  readonly record = groupCommit<RecordInput, Recorded>({
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
            const checked = checkPlacement(
              this.ctx.config,
              input,
              user,
              games,
              usage.get(user.id) ?? NO_USAGE,
              exposure,
              {
                boosts,
                accaRules,
              },
            );
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
}

/** A second attempt under a key whose first attempt is earlier in the same batch (by index). */
class SameBatch extends Error {
  constructor(readonly first: number) {
    super('idempotency key used earlier in this batch');
  }
}
