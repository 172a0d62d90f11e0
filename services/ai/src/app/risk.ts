import { Type } from '@sinclair/typebox';
import type { AppContext } from '../context';
import { exposureOf, writeRiskSummary } from '../domain/risk';
import { pendingOnGame } from '../store/bets';
import { findGame, produce } from './data';

const SummaryAnswer = Type.Object({ summary: Type.String({ minLength: 20, maxLength: 4000 }) });

/** The admin's AI risk summary: exposure by outcome from the open bets on the game. */
export async function riskSummary(ctx: AppContext, gameId: string) {
  const game = await findGame(ctx, gameId);
  const exposure = exposureOf(game, await pendingOnGame(ctx.db, game.id));
  const { value, producedBy } = await produce(
    ctx,
    'risk-summary',
    () => ({ summary: writeRiskSummary(exposure) }),
    (m) =>
      m.write<{ summary: string }>(
        'Write a risk summary of this game for the trading admin (100-200 words, plain text, **bold** and "- " lists allowed): open bets and stakes per outcome, worst case, and whether to adjust prices. Amounts are in cents in the data; write dollars. Answer {"summary": string}.',
        exposure,
        SummaryAnswer,
      ),
  );
  return { ...value, producedBy };
}
