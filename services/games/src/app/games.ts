import { absoluteAssetUrl, newId } from '@bet/kit';
import {
  DEFAULT_MARKET,
  GamesCancelled,
  GamesCreated,
  GamesResultCorrected,
  GamesSettled,
  GamesUpdated,
  marketDef,
} from '@bet/proto-events';
import stableJson from 'safe-stable-stringify';
import type { KitContext } from '../config';
import type { Actor } from '../domain/actor';
import {
  GameNotFoundError,
  InvalidInputError,
  MarketNotAdjustedError,
  MarketNotFoundError,
  MarketOpenError,
  MarketSuspendedError,
  NotAdjustedError,
} from '../domain/errors';
import {
  type ApiGame,
  assertCancellable,
  assertOddsAdjustable,
  assertStatusChange,
  decideResult,
  type GameRecord,
  type GameStatus,
  liveSuspended,
  type ResultInput,
  sameTeam,
  toApiGame,
  toDecimalOdds,
} from '../domain/game';
import {
  DEFAULT_MARKET_MARGINS,
  gameMarkets,
  htScoreOf,
  isControlled,
  type MarketControl,
  type MarketMargins,
  type MarketView,
  marketSources,
  marketsView,
  modelMarkets,
  setPinned,
  setSuspended,
  withPinnedPrices,
} from '../domain/markets';
import { type Prices, samePrices } from '../domain/odds';
import type { DB } from '../store/db';
import {
  countGames as countGameRows,
  insertGame,
  type ListQuery,
  lockGame as lockGameRow,
  saveGame,
  selectGame,
  selectGames,
  selectGamesByIds,
  selectMatchEvents,
} from '../store/games';
import { type Announcement, announce, oddsChanged, recordAnnouncements } from './announcements';
import { audit } from './audit';
import { marketMarginsOf, repriceTeams } from './pricing';

export type { ListQuery } from '../store/games';

// ── reads ─────────────────────────────────────────────────────────────────

/** What a read needs to say whether a live market is open right now (domain/game.ts liveSuspended). */
export const liveWindow = (ctx: KitContext) => ({
  now: Date.now(),
  maxAgeMs: ctx.config.LIVE_PRICE_MAX_AGE_S * 1000,
});

/** The current state and prices of these games; unknown ids are left out. */
export async function gamesByIds(ctx: KitContext, ids: readonly string[]): Promise<ApiGame[]> {
  const live = liveWindow(ctx);
  return (await selectGamesByIds(ctx.db, ids)).map((g) => toApiGame(g, live));
}

export async function listGames(
  db: DB,
  q: ListQuery,
  live?: { now: number; maxAgeMs: number },
): Promise<ApiGame[]> {
  return (await selectGames(db, q)).map((g) => toApiGame(g, live));
}

/** How many games a list query matches (for the pages of the admin screen). */
export async function countGames(db: DB, q: ListQuery): Promise<number> {
  return countGameRows(db, q);
}

export async function findGame(db: DB, id: string): Promise<GameRecord> {
  const game = await selectGame(db, id);
  if (!game) throw new GameNotFoundError();
  return game;
}

/**
 * Every market of a game with its outcomes, prices and status (GET /games/{id}/markets).
 * The prices are the ones betting holds (announced with games.odds_changed), so what is shown
 * is what a bet is accepted at.
 */
export async function gameMarketsOf(ctx: KitContext, id: string) {
  return gameMarketsView(ctx, await findGame(ctx.db, id));
}

/**
 * Several games' markets in one read (the board's rows), each cut to `keys` when given; games
 * that do not exist are left out. A board of a hundred rows is one request, not a hundred.
 */
export async function manyGamesMarkets(ctx: KitContext, ids: readonly string[], keys?: readonly string[]) {
  const wanted = keys && keys.length > 0 ? new Set(keys) : null;
  const games = await selectGamesByIds(ctx.db, [...new Set(ids)]);
  return {
    games: games.map((game) => {
      const answer = gameMarketsView(ctx, game);
      return wanted ? { ...answer, markets: answer.markets.filter((m) => wanted.has(m.key)) } : answer;
    }),
  };
}

function gameMarketsView(ctx: KitContext, game: GameRecord) {
  const { now, maxAgeMs } = liveWindow(ctx);
  const bettable =
    (game.status === 'upcoming' && game.matchDate.getTime() > now) ||
    (game.status === 'live' && !liveSuspended(game, now, maxAgeMs));
  // an admin's suspended market shows the prices it would have, locked
  const prices = withPinnedPrices(modelMarkets(game, marketMarginsOf(ctx.config)), game.marketControl);
  return {
    gameId: game.id,
    status: game.status,
    markets: marketsView(game, prices, bettable, game.marketControl?.suspended ?? [], marketSources(game)),
  };
}

export async function gameDetails(db: DB, id: string) {
  const game = await findGame(db, id);
  const events = await selectMatchEvents(db, id);
  return {
    scores: { ...game.score },
    events: events.map((e) => ({
      type: e.type as 'Goal' | 'Card' | 'subst',
      time: { elapsed: e.elapsed, extra: e.extra },
      player: { name: e.player },
      team: { name: e.team },
      detail: e.detail,
    })),
  };
}

// ── writes ────────────────────────────────────────────────────────────────

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

export interface CreateInput {
  homeTeam: string;
  awayTeam: string;
  league: string;
  matchDate: Date;
  odds: Prices;
  homeTeamLogo?: string | null;
  awayTeamLogo?: string | null;
}

export function assertDistinctTeams(home: string, away: string) {
  if (sameTeam(home, away)) {
    throw new InvalidInputError('A team cannot play itself: homeTeam and awayTeam must differ', [
      { path: 'awayTeam', location: 'body', msg: 'awayTeam must differ from homeTeam' },
    ]);
  }
}

export async function createGame(ctx: KitContext, actor: Actor, input: CreateInput): Promise<ApiGame> {
  assertDistinctTeams(input.homeTeam, input.awayTeam);
  const game: GameRecord = {
    id: newId(),
    provider: 'manual',
    providerId: null,
    homeTeam: input.homeTeam.trim(),
    awayTeam: input.awayTeam.trim(),
    // a logo we serve ("/api/v1/games/logos/…") is stored absolute: a web on another origin loads it
    homeTeamLogo: absoluteAssetUrl(ctx.config.PUBLIC_URL, input.homeTeamLogo),
    awayTeamLogo: absoluteAssetUrl(ctx.config.PUBLIC_URL, input.awayTeamLogo),
    league: input.league.trim(),
    matchDate: input.matchDate,
    status: 'upcoming',
    score: { home: 0, away: 0 },
    elapsed: null,
    result: null,
    odds: input.odds,
    base: input.odds,
    adjusted: null,
    priceSource: 'manual',
    lambdas: null,
    sim: null,
    settledAt: null,
    cancelledAt: null,
  };
  await ctx.tx(async (trx) => {
    await insertGame(trx, game);
    await audit(trx, actor, 'game.create', 'game', game.id, null, toApiGame(game));
    await recordAnnouncements(trx, changeEvents(null, game, marketMarginsOf(ctx.config)));
  });
  return toApiGame(game);
}

export interface UpdateInput {
  homeTeam: string;
  awayTeam: string;
  league: string;
  matchDate: Date;
  status?: GameStatus;
}

export async function updateGame(
  ctx: KitContext,
  actor: Actor,
  id: string,
  input: UpdateInput,
): Promise<ApiGame> {
  assertDistinctTeams(input.homeTeam, input.awayTeam);
  return ctx.tx(async (trx) => {
    const before = await lockGame(trx, id);
    const status = input.status ?? before.status;
    assertStatusChange(before.status, status);
    const now = new Date();
    const after: GameRecord = {
      ...before,
      homeTeam: input.homeTeam.trim(),
      awayTeam: input.awayTeam.trim(),
      league: input.league.trim(),
      matchDate: input.matchDate,
      status,
      elapsed:
        status === 'live'
          ? (before.elapsed ?? 0)
          : status === 'finished'
            ? (before.elapsed ?? 90)
            : before.elapsed,
      cancelledAt: status === 'cancelled' && before.status !== 'cancelled' ? now : before.cancelledAt,
    };
    await saveGame(trx, before, after);
    const events = changeEvents(before, after, marketMarginsOf(ctx.config));
    if (events.length > 0) {
      await audit(trx, actor, 'game.update', 'game', id, toApiGame(before), toApiGame(after));
      await recordAnnouncements(trx, events);
    }
    return toApiGame(after);
  });
}

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

export async function cancelGame(ctx: KitContext, actor: Actor, id: string): Promise<ApiGame> {
  return ctx.tx(async (trx) => {
    const before = await lockGame(trx, id);
    assertCancellable(before);
    const after: GameRecord = { ...before, status: 'cancelled', cancelledAt: new Date() };
    await saveGame(trx, before, after);
    await audit(trx, actor, 'game.cancel', 'game', id, toApiGame(before), toApiGame(after));
    await recordAnnouncements(trx, changeEvents(before, after, marketMarginsOf(ctx.config)));
    return toApiGame(after);
  });
}

export async function adjustOdds(
  ctx: KitContext,
  actor: Actor,
  id: string,
  prices: Prices,
): Promise<ApiGame> {
  return ctx.tx(async (trx) => {
    const before = await lockGame(trx, id);
    assertOddsAdjustable(before);
    const after: GameRecord = { ...before, adjusted: prices, odds: prices };
    // an admin pricing a live game confirms its in-play price (see liveSuspended)
    await saveGame(trx, before, after, {
      adjusted_by: actor.id,
      adjusted_at: new Date(),
      ...(before.status === 'live' ? { prices_at: new Date() } : {}),
    });
    await audit(
      trx,
      actor,
      'odds.adjust',
      'game',
      id,
      { odds: toDecimalOdds(before.odds), adjusted: before.adjusted ? toDecimalOdds(before.adjusted) : null },
      { odds: toDecimalOdds(after.odds), adjusted: toDecimalOdds(prices) },
    );
    await recordAnnouncements(trx, changeEvents(before, after, marketMarginsOf(ctx.config)));
    return toApiGame(after);
  });
}

export async function resetOdds(ctx: KitContext, actor: Actor, id: string): Promise<ApiGame> {
  return ctx.tx(async (trx) => {
    const before = await lockGame(trx, id);
    assertOddsAdjustable(before);
    if (!before.adjusted) throw new NotAdjustedError();
    const after: GameRecord = { ...before, adjusted: null, odds: before.base };
    await saveGame(trx, before, after, { adjusted_by: null, adjusted_at: null });
    await audit(
      trx,
      actor,
      'odds.reset',
      'game',
      id,
      { odds: toDecimalOdds(before.odds), adjusted: toDecimalOdds(before.adjusted) },
      { odds: toDecimalOdds(after.odds), adjusted: null },
    );
    await recordAnnouncements(trx, changeEvents(before, after, marketMarginsOf(ctx.config)));
    return toApiGame(after);
  });
}

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
