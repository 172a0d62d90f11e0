import type { AppContext } from '../context';
import { decideCashOut } from '../domain/bets';
import { CrashedError, NoActiveBetError } from '../domain/errors';
import { activeBetsForUpdate, userBetsInRound } from '../store/bets';
import type { BetRow, Db } from '../store/db';
import { crashedRounds, runningRound } from '../store/rounds';
import { announceBet } from './bet-feed';
import { payOut } from './clock';

export const NO_ACTIVE_BET = 'You have no active bet to cash out.';
export const TOO_LATE = 'Too late: the plane flew away before your cash-out.';

/**
 * Cash-out decided by server time on arrival, on any replica: the multiplier at this
 * instant if it is below the crash point, otherwise refused. The bet row is updated only
 * from `active`, so a cash-out racing the crash (or another cash-out) is paid once or not at all.
 */
export async function cashOut(ctx: AppContext, userId: string, panel: 1 | 2 | undefined) {
  const now = ctx.clock.now();
  // the bets paid, announced once the transaction is committed
  const left: Array<[BetRow, number, bigint]> = [];
  const answer = await ctx.tx(async (trx) => {
    const round = await runningRound(trx);
    const bets = round ? await activeBetsForUpdate(trx, userId, round.id, panel) : [];
    if (!round || bets.length === 0) {
      // the round may have crashed (and the bet been lost) while the request was on its way
      if (await lostInJustCrashedRound(trx, userId, panel, now)) throw new CrashedError(TOO_LATE);
      throw new NoActiveBetError(NO_ACTIVE_BET);
    }
    const crashPoint = Number(round.crash_point);
    const paid: Array<{ betId: string; panel: number; multiplier: number; payout: number }> = [];
    for (const bet of bets) {
      const decision = decideCashOut(
        { stakeCents: BigInt(bet.stake_cents), targetH: bet.target === null ? null : Number(bet.target) },
        { startedAt: round.started_at ? round.started_at.getTime() : null, crashPoint },
        now,
      );
      if (!decision.ok) {
        if (decision.reason === 'crashed') throw new CrashedError(TOO_LATE);
        throw new NoActiveBetError(NO_ACTIVE_BET);
      }
      if (await payOut(trx, bet, round, decision.multiplier, decision.payoutCents, new Date(now))) {
        paid.push({
          betId: bet.id,
          panel: bet.panel,
          multiplier: decision.multiplier / 100,
          payout: Number(decision.payoutCents) / 100,
        });
        left.push([bet, decision.multiplier, decision.payoutCents]);
      }
    }
    if (paid.length === 0) throw new NoActiveBetError(NO_ACTIVE_BET);
    return {
      multiplier: paid[0].multiplier,
      payout: Math.round(paid.reduce((s, p) => s + p.payout * 100, 0)) / 100,
      bets: paid,
    };
  });
  for (const [bet, multiplier, payoutCents] of left)
    announceBet(ctx, bet, { status: 'cashed_out', multiplier, payoutCents });
  return answer;
}

/** How long after a crash a cash-out still hears "too late" rather than "no active bet". */
const JUST_CRASHED_MS = 10_000;

async function lostInJustCrashedRound(trx: Db, userId: string, panel: 1 | 2 | undefined, now: number) {
  const [last] = await crashedRounds(trx, 1);
  if (!last?.crashed_at || now - last.crashed_at.getTime() > JUST_CRASHED_MS) return false;
  const mine = await userBetsInRound(trx, last.id, userId);
  return mine.some((b) => b.status === 'lost' && (panel === undefined || b.panel === panel));
}
