import { moneyText } from '@bet/kit/core';
import { Type } from '@sinclair/typebox';
import type { AppContext } from '../context';
import { personalisedNews } from '../domain/news';
import { type LimitSuggestion, playerRecord, suggestLimits, writeFeedback } from '../domain/player';
import type { GameFacts } from '../domain/types';
import { betsOfUser } from '../store/bets';
import { getGames } from '../store/games';
import { loadCalendar, now, offsetMinutes, type ProducedBy, produce } from './data';

const FeedbackAnswer = Type.Object({ feedback: Type.String({ minLength: 20, maxLength: 5000 }) });
const SuggestionAnswer = Type.Object({ suggestion: Type.String({ minLength: 20, maxLength: 2000 }) });

/** A player's record over the last 90 days, with the games their selections were on. */
export async function recordOf(ctx: AppContext, userId: string) {
  const t = now(ctx);
  const bets = await betsOfUser(ctx.db, userId, new Date(t.getTime() - 90 * 86_400_000));
  const games = await getGames(ctx.db, [...new Set(bets.flatMap((b) => b.selections.map((s) => s.gameId)))]);
  const gamesById = new Map<string, GameFacts>(games.map((g) => [g.id, g]));
  return {
    bets,
    gamesById,
    record: playerRecord(bets, gamesById, { now: t, offsetMinutes: offsetMinutes(ctx) }),
  };
}

export async function bettingFeedback(ctx: AppContext, userId: string) {
  const { record } = await recordOf(ctx, userId);
  const { value, producedBy } = await produce(
    ctx,
    'betting-feedback',
    () => ({ feedback: writeFeedback(record) }),
    (m) =>
      m.write<{ feedback: string }>(
        'Give this player honest, kind feedback on their betting (120-220 words, plain text, **bold** and "- " lists allowed): their record, style, favourite leagues, and any chasing of losses or late-night play. Amounts are in cents in the data; write dollars. Answer {"feedback": string}.',
        record,
        FeedbackAnswer,
      ),
  );
  return { ...value, producedBy };
}

/** The numbers are always the built-in ones (from the record); a model may only word them. */
export async function limitSuggestion(
  ctx: AppContext,
  userId: string,
): Promise<LimitSuggestion & { producedBy: ProducedBy }> {
  const { record } = await recordOf(ctx, userId);
  const base = suggestLimits(record);
  const { value, producedBy } = await produce(
    ctx,
    'limit-suggestion',
    () => ({ suggestion: base.suggestion }),
    (m) =>
      m.write<{ suggestion: string }>(
        `Explain to the player, in 2-4 sentences, why these weekly limits suit them: ${base.suggestedLimits.betCount} bets and ${moneyText(base.suggestedLimits.stakeAmount * 100)} stake. Use the record in the data (amounts in cents). Do not change the numbers. Answer {"suggestion": string}.`,
        { record, suggestedLimits: base.suggestedLimits },
        SuggestionAnswer,
      ),
  );
  return { suggestion: value.suggestion, suggestedLimits: base.suggestedLimits, producedBy };
}

/** For You: the teams the player bets on most, each with form and what is next. */
export async function personalizedNews(ctx: AppContext, userId: string) {
  const { bets, gamesById } = await recordOf(ctx, userId);
  const counts = new Map<string, number>();
  for (const b of bets.slice(0, 100))
    for (const s of b.selections) {
      const g = gamesById.get(s.gameId);
      if (!g) continue;
      // the side they backed counts double; a draw pick counts for both
      const teams =
        s.outcome === 'A'
          ? [g.homeTeam, g.homeTeam, g.awayTeam]
          : s.outcome === 'B'
            ? [g.awayTeam, g.awayTeam, g.homeTeam]
            : [g.homeTeam, g.awayTeam];
      for (const t of teams) counts.set(t, (counts.get(t) ?? 0) + 1);
    }
  const games = await loadCalendar(ctx);
  let teams = [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([t]) => t);
  if (teams.length === 0) {
    // no bets yet: the teams of the next few big fixtures
    teams = games
      .filter((g) => g.status === 'upcoming')
      .sort((a, b) => a.matchDate.getTime() - b.matchDate.getTime())
      .slice(0, 2)
      .flatMap((g) => [g.homeTeam, g.awayTeam]);
  }
  return { news: personalisedNews(teams, games, now(ctx)) };
}
