import { absoluteAssetUrl, newId } from '@bet/kit';
import type { KitContext } from '../config';
import type { Actor } from '../domain/actor';
import { InvalidInputError } from '../domain/errors';
import {
  type ApiGame,
  assertCancellable,
  assertStatusChange,
  type GameRecord,
  type GameStatus,
  sameTeam,
  toApiGame,
} from '../domain/game';
import type { Prices } from '../domain/odds';
import { insertGame, saveGame } from '../store/games';
import { recordAnnouncements } from './announcements';
import { audit } from './audit';
import { changeEvents, lockGame } from './game-changes';
import { marketMarginsOf } from './pricing';

/* An admin's games: create, edit and cancel one (audited and announced). */

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
