import { DEFAULT_MARKET, marketDef } from '@bet/proto-events';
import type { KitContext } from '../config';
import type { Actor } from '../domain/actor';
import {
  InvalidInputError,
  MarketNotAdjustedError,
  MarketNotFoundError,
  MarketOpenError,
  MarketSuspendedError,
} from '../domain/errors';
import { assertOddsAdjustable, type GameRecord } from '../domain/game';
import { isControlled, type MarketControl, setPinned, setSuspended } from '../domain/market-control';
import { gameMarkets, type MarketView } from '../domain/markets';
import { saveGame } from '../store/games';
import { oddsChanged, recordAnnouncements } from './announcements';
import { audit } from './audit';
import { lockGame } from './game-changes';
import { findGame, gameMarketsView } from './games';
import { adjustOdds, resetOdds } from './odds';
import { marketMarginsOf } from './pricing';

// ── an admin's control of single markets (issue 32 item 7) ─────────────────

export type MarketAction =
  | { kind: 'suspend' }
  | { kind: 'reopen' }
  | { kind: 'adjust'; prices: Record<string, number> }
  | { kind: 'reset' };

const MARKET_MESSAGES: Record<MarketAction['kind'], string> = {
  suspend: 'Market suspended.',
  reopen: 'Market reopened.',
  adjust: 'Market odds updated.',
  reset: 'Market odds reset to the model price.',
};

/** One market of a game as GET /games/{id}/markets shows it. */
function marketViewOf(ctx: KitContext, game: GameRecord, market: string): MarketView {
  const view = gameMarketsView(ctx, game).markets.find((m) => m.key === market);
  if (!view) throw new MarketNotFoundError();
  return view;
}

/**
 * Suspends or reopens one market of a game, or pins or unpins its prices; audited and
 * announced (games.odds_changed with every suspended market named) in one transaction.
 * 1X2's prices are the game's own adjustment (adjust-odds), so adjusting or resetting 1X2 here
 * does exactly that.
 */
export async function controlMarket(
  ctx: KitContext,
  actor: Actor,
  id: string,
  market: string,
  action: MarketAction,
): Promise<{ msg: string; market: MarketView }> {
  const def = marketDef(market);
  if (!def) throw new MarketNotFoundError();
  if (market === DEFAULT_MARKET && (action.kind === 'adjust' || action.kind === 'reset')) {
    if (action.kind === 'adjust') {
      const p = action.prices;
      const missing = def.outcomes.filter((o) => p[o] === undefined);
      if (missing.length > 0)
        throw new InvalidInputError(
          `odds.${missing[0]} is required: 1X2 is priced as a whole`,
          missing.map((o) => ({ path: `odds.${o}`, location: 'body', msg: `odds.${o} is required` })),
        );
      await adjustOdds(ctx, actor, id, { home: p.A, draw: p.Draw, away: p.B });
    } else await resetOdds(ctx, actor, id);
    return {
      msg: MARKET_MESSAGES[action.kind],
      market: marketViewOf(ctx, await findGame(ctx.db, id), market),
    };
  }
  const after = await ctx.tx(async (trx) => {
    const before = await lockGame(trx, id);
    assertOddsAdjustable(before);
    const control = before.marketControl ?? null;
    const pinned = control?.prices[market] ?? null;
    let next: MarketControl | null;
    switch (action.kind) {
      case 'suspend':
      case 'reopen':
        next = setSuspended(control, market, action.kind === 'suspend');
        if (!next) throw action.kind === 'suspend' ? new MarketSuspendedError() : new MarketOpenError();
        break;
      case 'adjust':
        next = setPinned(control, market, { ...(pinned ?? {}), ...action.prices });
        break;
      case 'reset':
        if (!pinned) throw new MarketNotAdjustedError();
        next = setPinned(control, market, null);
        break;
    }
    const after: GameRecord = { ...before, marketControl: isControlled(next) ? next : null };
    await saveGame(trx, before, after);
    const state = (c: MarketControl | null | undefined) => ({
      market,
      suspended: c?.suspended.includes(market) ?? false,
      adjusted: c?.prices[market] ? decimalBook(c.prices[market]) : null,
    });
    await audit(
      trx,
      actor,
      `market.${action.kind}`,
      'game',
      id,
      state(before.marketControl),
      state(after.marketControl),
    );
    await recordAnnouncements(trx, [oddsChanged(after, gameMarkets(after, marketMarginsOf(ctx.config)))]);
    return after;
  });
  return { msg: MARKET_MESSAGES[action.kind], market: marketViewOf(ctx, after, market) };
}

const decimalBook = (book: Record<string, number>) =>
  Object.fromEntries(Object.entries(book).map(([o, h]) => [o, h / 100]));
