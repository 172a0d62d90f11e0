import { GamesResultCorrected, GamesSettled } from '@bet/proto-events';
import type { KitContext } from '../config';
import type { Actor } from '../domain/actor';
import { decideResult, type GameRecord, type ResultInput, toApiGame } from '../domain/game';
import { htScoreOf } from '../domain/markets';
import { saveGame } from '../store/games';
import { type Announcement, announce, recordAnnouncements } from './announcements';
import { audit } from './audit';
import { changeEvents, lockGame } from './game-changes';
import { marketMarginsOf, repriceTeams } from './pricing';

/* A game's result: set, corrected or rescored, and the prices it moves. */

/**
 * Applies a result inside the caller's transaction: a first settlement, a correction or
 * a score fix, with the events each one owes. Shared by admins, the simulator and syncs.
 */
export function applyResult(
  before: GameRecord,
  input: ResultInput,
  decision: ReturnType<typeof decideResult>,
  actor: Actor,
  now: Date,
): { after: GameRecord; events: Announcement[] } {
  const scores = { home: input.homeScore, away: input.awayScore };
  const after: GameRecord = {
    ...before,
    status: 'finished',
    score: scores,
    result: input.result,
    elapsed: before.elapsed !== null && before.elapsed >= 90 ? before.elapsed : 90,
    settledAt: before.settledAt ?? now,
  };
  const events = changeEvents(before, after);
  const ht = htScoreOf(after);
  if (decision.kind === 'settle') {
    events.push(
      announce(GamesSettled, {
        gameId: before.id,
        result: input.result,
        scores,
        ...(ht ? { htScores: ht } : {}),
        settledAt: now.toISOString(),
      }),
    );
  } else {
    // a new score with the same 1X2 result still re-settles the other markets (totals,
    // correct score…), so a rescore is announced as a correction too
    events.push(
      announce(GamesResultCorrected, {
        gameId: before.id,
        previousResult: decision.kind === 'correct' ? decision.previous : input.result,
        result: input.result,
        scores,
        ...(ht ? { htScores: ht } : {}),
        correctedAt: now.toISOString(),
        correctedBy: actor.id,
      }),
    );
  }
  return { after, events };
}

export const RESULT_MESSAGES = {
  settle: 'Result set; bets are being settled.',
  correct: 'Result corrected; bets are being re-settled.',
  rescore: 'Score corrected; the result is unchanged.',
} as const;

export async function setResult(ctx: KitContext, actor: Actor, id: string, input: ResultInput) {
  const out = await ctx.tx(async (trx) => {
    const before = await lockGame(trx, id);
    const now = new Date();
    const decision = decideResult(before, input);
    const { after, events } = applyResult(before, input, decision, actor, now);
    await saveGame(trx, before, after);
    const action =
      decision.kind === 'settle'
        ? 'game.result'
        : decision.kind === 'correct'
          ? 'game.result_corrected'
          : 'game.rescore';
    await audit(trx, actor, action, 'game', id, toApiGame(before), toApiGame(after));
    await recordAnnouncements(trx, events);
    return { game: after, kind: decision.kind };
  });
  await repriceAfterResult(ctx, [out.game.homeTeam, out.game.awayTeam]);
  return { game: toApiGame(out.game), msg: RESULT_MESSAGES[out.kind] };
}

/** A result changes both teams' form, so their upcoming model prices move (best effort). */
export async function repriceAfterResult(ctx: KitContext, teams: string[]) {
  try {
    await ctx.tx(async (trx) =>
      recordAnnouncements(
        trx,
        await repriceTeams(trx, teams, ctx.config.ODDS_MARGIN, marketMarginsOf(ctx.config)),
      ),
    );
  } catch (err) {
    ctx.logger.warn({ err, teams }, 'could not re-price after a result');
  }
}
