import { GamesCancelled, GamesCreated, GamesUpdated } from '@bet/proto-events';
import stableJson from 'safe-stable-stringify';
import { GameNotFoundError } from '../domain/errors';
import { type GameRecord, toApiGame } from '../domain/game';
import { DEFAULT_MARKET_MARGINS, type MarketMargins } from '../domain/market-pricing';
import { gameMarkets } from '../domain/markets';
import { samePrices } from '../domain/odds';
import type { DB } from '../store/db';
import { lockGame as lockGameRow } from '../store/games';
import { type Announcement, announce, oddsChanged } from './announcements';

/* What every change of a game starts and ends with: its row locked, and the events it owes. */

export async function lockGame(trx: DB, id: string): Promise<GameRecord> {
  const game = await lockGameRow(trx, id);
  if (!game) throw new GameNotFoundError();
  return game;
}

/**
 * The events that announce a change of a game: games.updated when anything the public
 * sees changed apart from the price, games.odds_changed when the price changed, and
 * games.cancelled on a cancellation. Settlement events are added by the callers that settle.
 */
export function changeEvents(
  before: GameRecord | null,
  after: GameRecord,
  margins: MarketMargins = DEFAULT_MARKET_MARGINS,
): Announcement[] {
  const out: Announcement[] = [];
  const api = toApiGame(after);
  const markets = () => gameMarkets(after, margins);
  if (!before) {
    const m = markets();
    const created = [announce(GamesCreated, m ? { game: api, markets: m } : { game: api })];
    // a game first seen in play (provider sync) announces its price as in-play too
    if (after.status === 'live') created.push(oddsChanged(after, m));
    return created;
  }
  const prev = toApiGame(before);
  const { odds: _a, ...restBefore } = prev;
  const { odds: _b, ...restAfter } = api;
  if (JSON.stringify(restBefore) !== JSON.stringify(restAfter))
    out.push(announce(GamesUpdated, { game: api }));
  // Going live re-announces the price as an in-play one even when it did not move: a
  // read model (betting) takes in-play bets only on prices marked live.
  const wentLive = before.status !== 'live' && after.status === 'live';
  // a feed's other markets may move while its 1X2 price stays; in play, so may the state they
  // are priced from (minute, red cards) and a suspension
  const pricing = (g: GameRecord) =>
    stableJson({
      markets: g.feed?.markets ?? null,
      live: g.feed?.live ?? null,
      liveMarkets: g.feed?.liveMarkets ?? null,
      suspendedUntil: g.feed?.suspendedUntil ?? null,
    });
  const feedMoved = pricing(before) !== pricing(after);
  if (!samePrices(before.odds, after.odds) || wentLive || feedMoved) out.push(oddsChanged(after, markets()));
  if (before.status !== 'cancelled' && after.status === 'cancelled') {
    out.push(
      announce(GamesCancelled, {
        gameId: after.id,
        cancelledAt: (after.cancelledAt ?? new Date()).toISOString(),
      }),
    );
  }
  return out;
}
