import { DomainError, notFound } from '@bet/kit';
import { type BetType, bettingState, checkSlip, MSG, type SelectionInput } from '../domain/placement';
import { newShareCode } from '../domain/share-code';
import { type Ctx, gameState, loadGames } from './types';

export const EMPTY_SHARE = 'Add selections to your slip before sharing.';

/** Stores a slip under a fresh code; only games that take bets now can be shared. */
export async function createShare(
  ctx: Ctx,
  betType: BetType,
  selections: SelectionInput[] | undefined,
  userId: string | null,
) {
  if (!selections || selections.length === 0) throw new DomainError('empty_share', EMPTY_SHARE, 400);
  checkSlip(betType, selections);
  const games = await loadGames(
    ctx.db,
    selections.map((s) => s.gameId),
  );
  for (const s of selections) {
    const g = games.get(s.gameId);
    if (!g || g.home_team === '') throw new DomainError('unknown_game', MSG.unknownGame, 422);
    const state = bettingState(gameState(g));
    if (!state.open) throw new DomainError('game_closed', state.reason, 422);
  }
  const shareId = newShareCode();
  await ctx.db
    .insertInto('shares')
    .values({
      id: shareId,
      bet_type: betType,
      selections: JSON.stringify(selections.map((s) => ({ gameId: s.gameId, outcome: s.outcome }))),
      created_by: userId,
      created_at: new Date(),
    })
    .execute();
  return { shareId, shareUrl: `${ctx.config.PUBLIC_URL.replace(/\/+$/, '')}/slip/${shareId}` };
}

/** A shared slip with today's games and prices; picks that can no longer be bet say why. */
export async function readShare(ctx: Ctx, shareId: string) {
  const share = await ctx.db.selectFrom('shares').selectAll().where('id', '=', shareId).executeTakeFirst();
  if (!share) throw notFound('Shared slip not found');
  const selections = typeof share.selections === 'string' ? JSON.parse(share.selections) : share.selections;
  const games = await loadGames(
    ctx.db,
    selections.map((s: SelectionInput) => s.gameId),
  );
  return {
    shareId: share.id,
    betType: share.bet_type,
    createdAt: new Date(share.created_at).toISOString(),
    selections: (selections as SelectionInput[]).map((s) => {
      const g = games.get(s.gameId);
      if (!g || g.home_team === '') {
        return {
          gameId: s.gameId,
          game: null,
          outcome: s.outcome,
          odds: null,
          available: false,
          reason: 'Game data is unavailable',
        };
      }
      const state = bettingState(gameState(g));
      const odds = { A: g.odds_home, Draw: g.odds_draw, B: g.odds_away }[s.outcome] / 100;
      return {
        gameId: s.gameId,
        game: {
          _id: g.id,
          homeTeam: g.home_team,
          awayTeam: g.away_team,
          league: g.league,
          status: g.status,
          matchDate: g.match_date ? new Date(g.match_date).toISOString() : null,
        },
        outcome: s.outcome,
        odds,
        available: state.open,
        ...(state.open ? {} : { reason: state.reason }),
      };
    }),
  };
}
