import { centsToDollars, dollarsToCents, newId, recordEvents } from '@bet/kit';
import {
  AviatorBetLost,
  AviatorCashedOut,
  AviatorCrash,
  AviatorRoundSettled,
  AviatorState,
  AviatorTick,
  moneyKeys,
} from '@bet/proto-events';
import type { AppContext } from '../context';
import {
  effectiveTarget,
  type FlyingBet,
  maxWinMultiplier,
  roundCapMultiplier,
  settleAtCrash,
} from '../domain/bets';
import { commitmentOf, crashPointOf } from '../domain/fairness';
import { msToReach } from '../domain/multiplier';
import { isQuietStep, nextStep } from '../domain/round';
import { type BetRow, betsDueAt, betsOfRound, moveBet } from '../store/bets';
import type { Db } from '../store/db';
import {
  addToRound,
  clockOf,
  insertRound,
  latestRound,
  lockOpeningOf,
  moveRound,
  type RoundRow,
  roundTotals,
} from '../store/rounds';
import { announceBet } from './bet-feed';
import { closeBoarding } from './boarding';
import { timingsOf } from './timings';

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * One step of the round clock. Runs on the replica holding the clock lease only; every
 * change is a conditional update (`where state = …`, `where status = 'active'`), so a clock
 * that lost its lease without knowing it yet cannot fork, repeat or double-settle anything.
 * Where a round stands is read from the database each step, so a new clock goes on from
 * exactly where the old one stopped: the multiplier is a function of time since lift-off.
 */
export async function advanceClock(ctx: AppContext): Promise<void> {
  if (!ctx.clockLease.held) {
    // another clock may move the rounds meanwhile: read them afresh once this one holds it again
    ctx.quietRound = null;
    return;
  }
  const chain = ctx.chain.current;
  if (!chain) return;
  const now = ctx.clock.now();
  // between the steps that act, a round only waits for time: about two reads a second fewer
  // for every second of betting, crash display and pause (issue 37, the clock at rest)
  const remembered = ctx.quietRound;
  const quiet = remembered && isQuietStep(nextStep(clockOf(remembered), now, timingsOf(ctx)));
  const latest = quiet ? remembered : await latestRound(ctx.db);
  const step = nextStep(latest ? clockOf(latest) : null, now, timingsOf(ctx));
  ctx.quietRound = latest && isQuietStep(step) ? latest : null;
  switch (step.kind) {
    case 'open': {
      const idx = (latest?.idx ?? 0) + 1;
      if (idx >= chain.length) {
        ctx.logger.error({ idx }, 'the hash chain is used up: a new chain must be published');
        return;
      }
      const hash = chain.reader.roundHash(idx);
      const base = {
        idx,
        hash,
        nextId: newId(),
        crashPoint: crashPointOf(hash, chain.salt),
        bettingEndsAt: new Date(now + ctx.config.AVIATOR_BETTING_MS),
      };
      // under the id the round before named, locked so that a bet being held or cancelled for
      // it finishes first (app/boarding.ts); the bets held for it are in from the start
      const round = await ctx.tx(async (trx) => {
        const r = { ...base, id: latest?.next_id ?? newId() };
        await lockOpeningOf(trx, r.id);
        return (await insertRound(trx, r)) ? r : undefined;
      });
      if (round) announceBetting(ctx, round, now, round.bettingEndsAt.getTime());
      return;
    }
    case 'betting':
      if (latest && ctx.broadcaster.changed(latest.id, 'betting'))
        announceBetting(ctx, latest, now, latest.betting_ends_at.getTime());
      return;
    case 'lift-off':
      return liftOff(ctx, latest!, now);
    case 'fly': {
      await followCap(ctx, latest!);
      await autoCashOuts(ctx, latest!, step.multiplier);
      if (ctx.broadcaster.changed(latest!.id, 'running')) announceRunning(ctx, latest!, now);
      // a tick corrects the screens' own drawing from startedAt: it need not go every step
      if (ctx.broadcaster.tick(now, ctx.config.AVIATOR_TICK_PUSH_MS, ctx.config.AVIATOR_TICK_MS))
        ctx.broadcast(AviatorTick, {
          multiplier: step.multiplier / 100,
          roundId: latest!.id,
          serverTime: now,
        });
      return;
    }
    case 'crash':
      return crash(ctx, latest!, now);
    case 'show-crash':
      if (ctx.broadcaster.changed(latest!.id, 'crashed')) announceCrash(ctx, latest!, now);
      return;
    case 'wait':
      if (ctx.broadcaster.changed(latest!.id, 'waiting'))
        ctx.broadcast(AviatorState, { state: 'waiting', multiplier: 1, serverTime: now });
      return;
  }
}

function announceBetting(ctx: AppContext, round: { id: string; hash: string }, now: number, endsAt: number) {
  ctx.broadcaster.changed(round.id, 'betting');
  ctx.broadcast(AviatorState, {
    state: 'betting',
    multiplier: 1,
    roundId: round.id,
    publicHash: commitmentOf(round.hash),
    bettingEndsAt: iso(endsAt),
    serverTime: now,
  });
}

function announceRunning(ctx: AppContext, round: RoundRow, now: number) {
  ctx.broadcast(AviatorState, {
    state: 'running',
    multiplier: 1,
    roundId: round.id,
    publicHash: commitmentOf(round.hash),
    startedAt: iso((round.started_at ?? new Date(now)).getTime()),
    serverTime: now,
  });
}

function announceCrash(ctx: AppContext, round: RoundRow, now: number) {
  const multiplier = Number(round.crash_point) / 100;
  ctx.broadcast(AviatorCrash, { multiplier, hash: round.hash, roundId: round.id, serverTime: now });
  ctx.broadcast(AviatorState, { state: 'crashed', multiplier, roundId: round.id, serverTime: now });
}

async function liftOff(ctx: AppContext, round: RoundRow, now: number) {
  const maxWin = dollarsToCents(ctx.config.AVIATOR_MAX_WIN);
  const moved = await ctx.tx(async (trx) => {
    // the bets that boarded before this are all here; the others are refused (app/boarding.ts)
    if (!(await closeBoarding(trx, round.id, new Date(now)))) return false;
    const bets = await betsOfRound(trx, round.id, ['active']);
    const flying = flyingBets(bets, maxWin);
    const capH = roundCapMultiplier(flying, dollarsToCents(ctx.config.AVIATOR_ROUND_MAX_PAYOUT));
    for (const b of flying) {
      const target = effectiveTarget(b.targetH, capH);
      if (target !== null) await moveBet(trx, b.id, 'active', { target });
    }
    if (capH !== null) await moveRound(trx, round.id, 'running', { cap_multiplier: capH });
    const staked = flying.reduce((s, b) => s + b.stakeCents, 0n);
    await addToRound(trx, round.id, { bets: flying.length, stakedCents: staked });
    return true;
  });
  if (moved) announceRunning(ctx, { ...round, started_at: new Date(now) }, now);
}

/** Each bet with its own exit: its auto cash-out or the multiplier of the biggest win, the lower. */
function flyingBets(bets: BetRow[], maxWinCents: bigint): FlyingBet[] {
  return bets.map((b) => {
    const stake = BigInt(b.stake_cents);
    return {
      id: b.id,
      stakeCents: stake,
      targetH: effectiveTarget(b.auto_cash_out, maxWinMultiplier(stake, maxWinCents)),
    };
  });
}

/**
 * The round cap follows the open liability: when the round's paid total moved since the cap
 * was computed (players left by hand, auto cash-outs paid), the cap is computed again from
 * what was paid and the bets still in the air, and their exits moved with it. Paid early, a
 * bet frees room under the cap, so the others may fly further; the cap itself always holds.
 */
async function followCap(ctx: AppContext, round: RoundRow) {
  const watch = ctx.capWatch;
  const paid = String(round.paid_cents);
  if (watch.roundId === round.id && watch.paidCents === paid) return;
  if (watch.roundId !== round.id && BigInt(paid) === 0n) {
    // lift-off computed it with nothing paid yet
    ctx.capWatch = { roundId: round.id, paidCents: paid };
    return;
  }
  const maxWin = dollarsToCents(ctx.config.AVIATOR_MAX_WIN);
  await ctx.tx(async (trx) => {
    const bets = await betsOfRound(trx, round.id, ['active']);
    const flying = flyingBets(bets, maxWin);
    const capH = roundCapMultiplier(
      flying,
      dollarsToCents(ctx.config.AVIATOR_ROUND_MAX_PAYOUT),
      BigInt(paid),
    );
    for (const [i, b] of flying.entries()) {
      const target = effectiveTarget(b.targetH, capH);
      const before = bets[i].target === null ? null : Number(bets[i].target);
      if (target !== before) await moveBet(trx, b.id, 'active', { target });
    }
    await moveRound(trx, round.id, 'running', { cap_multiplier: capH });
  });
  ctx.capWatch = { roundId: round.id, paidCents: paid };
}

/** Pays one bet out at `multiplier` inside `trx`; false when it had already left (by hand or another clock). */
export async function payOut(
  trx: Db,
  bet: BetRow,
  round: Pick<RoundRow, 'id'>,
  multiplier: number,
  payoutCents: bigint,
  at: Date,
): Promise<boolean> {
  const moved = await moveBet(trx, bet.id, 'active', {
    status: 'cashed_out',
    cashed_out_at: multiplier,
    payout_cents: payoutCents,
    settled_at: at,
  });
  if (!moved) return false;
  await addToRound(trx, round.id, { paidCents: payoutCents });
  await recordEvents(trx, AviatorCashedOut, [
    {
      data: {
        betId: bet.id,
        roundId: round.id,
        userId: bet.user_id,
        stakeCents: Number(bet.stake_cents),
        multiplierHundredths: multiplier,
        payoutCents: Number(payoutCents),
        cashedOutAt: at.toISOString(),
      },
    },
  ]);
  return true;
}

/** Auto cash-outs (and max-win and round-cap exits) the flight has reached: paid at exactly their multiplier. */
async function autoCashOuts(ctx: AppContext, round: RoundRow, multiplier: number) {
  const due = await betsDueAt(ctx.db, round.id, multiplier);
  if (due.length === 0) return;
  const startedAt = round.started_at!.getTime();
  const left: Array<[BetRow, number, bigint]> = [];
  await ctx.tx(async (trx) => {
    for (const bet of due) {
      const target = Number(bet.target);
      if (target >= Number(round.crash_point)) continue;
      const at = new Date(startedAt + msToReach(target));
      const result = settleAtCrash(
        { stakeCents: BigInt(bet.stake_cents), targetH: target },
        Number(round.crash_point),
      );
      if (result.won && (await payOut(trx, bet, round, result.multiplier, result.payoutCents, at)))
        left.push([bet, result.multiplier, result.payoutCents]);
    }
  });
  for (const [bet, multiplier, payoutCents] of left)
    announceBet(ctx, bet, { status: 'cashed_out', multiplier, payoutCents });
}

/** The crash: every bet still in the air is settled with the round, in one transaction. */
async function crash(ctx: AppContext, round: RoundRow, now: number) {
  const crashPoint = Number(round.crash_point);
  const settled = await ctx.tx(async (trx) => {
    if (!(await moveRound(trx, round.id, 'running', { state: 'crashed', crashed_at: new Date(now) })))
      return false;
    const startedAt = round.started_at!.getTime();
    const lost: BetRow[] = [];
    for (const bet of await betsOfRound(trx, round.id, ['active'])) {
      const target = bet.target === null ? null : Number(bet.target);
      const result = settleAtCrash({ stakeCents: BigInt(bet.stake_cents), targetH: target }, crashPoint);
      if (result.won) {
        const at = new Date(startedAt + msToReach(result.multiplier));
        await payOut(trx, bet, round, result.multiplier, result.payoutCents, at);
      } else if (
        await moveBet(trx, bet.id, 'active', { status: 'lost', payout_cents: 0, settled_at: new Date(now) })
      ) {
        lost.push(bet);
      }
    }
    await recordEvents(
      trx,
      AviatorBetLost,
      lost.map((bet) => ({
        data: {
          betId: bet.id,
          roundId: round.id,
          userId: bet.user_id,
          stakeCents: Number(bet.stake_cents),
          crashPointHundredths: crashPoint,
          settledAt: iso(now),
        },
      })),
    );
    const totals = await roundTotals(trx, round.id);
    await recordEvents(trx, AviatorRoundSettled, [
      {
        data: {
          roundId: round.id,
          crashPointHundredths: crashPoint,
          hash: round.hash,
          bets: totals.bets,
          stakedCents: Number(totals.staked_cents),
          paidCents: Number(totals.paid_cents),
          settledAt: iso(now),
        },
      },
    ]);
    return true;
  });
  if (settled) {
    ctx.broadcaster.changed(round.id, 'crashed');
    announceCrash(ctx, round, now);
  }
}

export const dollars = (cents: string | bigint | number) => centsToDollars(BigInt(cents));
