import { groupCommit } from '@bet/kit';
import { type CommandReply, GamesGet } from '@bet/proto-events';
import type { KitContext } from '../config';
import { LiveUnavailableError } from '../domain/errors';
import { suspendedMarket } from '../domain/placement';
import { liveGameIds, loadGames } from '../store/games';

/**
 * A bet or a cash-out on a live game is checked with the games service itself: the read
 * model here knows the last price, not whether its pricing engine still stands behind it.
 * No answer, no live bet (fail closed). Pre-match games are not asked about.
 */
export class LiveMarkets {
  /**
   * Which of these games are in play. Every placement asks before anything else, so the
   * placements arriving together share one read instead of a round trip each.
   */
  private readonly liveAmong = groupCommit<string[], string[]>({
    max: 500,
    parallel: 2,
    runBatch: async (lists) => {
      const live = new Set(await liveGameIds(this.ctx.db, [...new Set(lists.flat())]));
      return lists.map((ids) => ids.filter((id) => live.has(id)));
    },
    runOne: (ids) => liveGameIds(this.ctx.db, ids),
  });

  constructor(private readonly ctx: KitContext) {}

  /** Throws unless games vouches for every live game's price now; answers the live ones. */
  async check(gameIds: string[]): Promise<string[]> {
    const live = await this.liveAmong(gameIds);
    if (live.length === 0) return live;
    let reply: CommandReply<typeof GamesGet>;
    try {
      reply = await this.ctx.request(
        GamesGet,
        { gameIds: live },
        { timeoutMs: this.ctx.config.LIVE_CHECK_TIMEOUT_MS },
      );
    } catch (err) {
      this.ctx.logger.warn({ err }, 'live prices not confirmed by games');
      throw new LiveUnavailableError();
    }
    const stale = reply.games.find((g) => g.suspended === true);
    if (stale) throw suspendedMarket(stale);
    // the read model must hold the price games holds now: one that lags behind an
    // announcement (a consumer catching up) would take the bet at an old price (betting-008)
    const rows = await loadGames(this.ctx.db, live);
    const behind = reply.games.find((g) => {
      const r = rows.get(g._id);
      return (
        !r ||
        r.odds_home !== Math.round(g.odds.home * 100) ||
        r.odds_draw !== Math.round(g.odds.draw * 100) ||
        r.odds_away !== Math.round(g.odds.away * 100)
      );
    });
    if (behind) throw suspendedMarket(behind);
    return live;
  }
}
