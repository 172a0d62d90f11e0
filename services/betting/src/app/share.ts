import { webUrl } from '@bet/kit';
import { DEFAULT_MARKET } from '@bet/proto-events';
import type { KitContext } from '../config';
import { EmptyShareError, GameClosedError, ShareNotFoundError, UnknownGameError } from '../domain/errors';
import {
  type BetType,
  bettingState,
  checkSlip,
  legLabel,
  MSG,
  priceOf,
  type SelectionInput,
} from '../domain/placement';
import { newShareCode } from '../domain/share-code';
import { gameState, loadGames } from '../store/games';
import { insertShare, shareById } from '../store/shares';

export const EMPTY_SHARE = 'Add selections to your slip before sharing.';

/** Stores a slip under a fresh code; only games that take bets now can be shared. */
export async function createShare(
  ctx: KitContext,
  betType: BetType,
  selections: SelectionInput[] | undefined,
  userId: string | null,
) {
  if (!selections || selections.length === 0) throw new EmptyShareError(EMPTY_SHARE);
  checkSlip(betType, selections);
  const games = await loadGames(
    ctx.db,
    selections.map((s) => s.gameId),
  );
  for (const s of selections) {
    const g = games.get(s.gameId);
    if (!g || g.home_team === '') throw new UnknownGameError(MSG.unknownGame);
    const state = bettingState(gameState(g));
    if (!state.open) throw new GameClosedError(state.reason);
  }
  const shareId = newShareCode();
  await insertShare(ctx.db, {
    id: shareId,
    betType,
    // a 1X2 pick is stored as the spec's; another market names itself
    selections: selections.map((s) =>
      s.market && s.market !== DEFAULT_MARKET
        ? { gameId: s.gameId, market: s.market, outcome: s.outcome }
        : { gameId: s.gameId, outcome: s.outcome },
    ),
    createdBy: userId,
  });
  return { shareId, shareUrl: `${webUrl(ctx.config)}/slip/${shareId}` };
}

/**
 * A shared slip with today's games and prices, in the spec client's envelope: `slip`, and each
 * selection's game populated under `gameId` (teams, status, kick-off, the three prices).
 * Beside it, what our web uses: the pick's price, and whether it can still be bet (and why not).
 * A game this service does not know answers `gameId: null`, as a populate of a missing game would.
 */
export async function readShare(ctx: KitContext, shareId: string) {
  const share = await shareById(ctx.db, shareId);
  if (!share) throw new ShareNotFoundError();
  const selections = typeof share.selections === 'string' ? JSON.parse(share.selections) : share.selections;
  const games = await loadGames(
    ctx.db,
    selections.map((s: SelectionInput) => s.gameId),
  );
  return {
    slip: {
      shareId: share.id,
      betType: share.bet_type,
      createdAt: new Date(share.created_at).toISOString(),
      selections: (selections as SelectionInput[]).map((s) => {
        const g = games.get(s.gameId);
        if (!g || g.home_team === '') {
          return {
            gameId: null,
            ...marketOf(s),
            outcome: s.outcome,
            odds: null,
            available: false,
            reason: 'Game data is unavailable',
          };
        }
        const state = bettingState(gameState(g));
        const odds = { home: g.odds_home / 100, draw: g.odds_draw / 100, away: g.odds_away / 100 };
        const price = priceOf(gameState(g), s.outcome, s.market ?? DEFAULT_MARKET);
        return {
          gameId: {
            _id: g.id,
            homeTeam: g.home_team,
            awayTeam: g.away_team,
            league: g.league,
            status: g.status,
            matchDate: g.match_date ? new Date(g.match_date).toISOString() : null,
            odds,
          },
          ...marketOf(s, { home: g.home_team, away: g.away_team }),
          outcome: s.outcome,
          odds: price === null ? null : price / 100,
          available: state.open,
          ...(state.open ? {} : { reason: state.reason }),
        };
      }),
    },
  };
}

/** `market` and `label` on a pick of another market than 1X2 (a 1X2 pick stays as the spec has it) */
function marketOf(s: { market?: string; outcome: string }, teams?: { home: string; away: string }) {
  return s.market && s.market !== DEFAULT_MARKET
    ? { market: s.market, label: legLabel(s.market, s.outcome, teams) }
    : {};
}
