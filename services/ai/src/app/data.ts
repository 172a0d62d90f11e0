import { GamesGet } from '@bet/proto-events';
import type { AppContext } from '../context';
import { GameNotFoundError, TooManyAiRequestsError } from '../domain/errors';
import { zoneOffsetMinutes } from '../domain/time';
import type { GameFacts } from '../domain/types';
import { calendar, getGames, upsertGame } from '../store/games';
import { useModel } from './budget';

/** how far back results count for form, head-to-head and ratings */
const HISTORY_DAYS = 60;

export const now = (ctx: AppContext) => new Date(ctx.clock.now());

export function offsetMinutes(ctx: AppContext): number {
  try {
    return zoneOffsetMinutes(ctx.config.AI_TIMEZONE, now(ctx));
  } catch {
    return 0;
  }
}

/** The analyst's view of the calendar: recent results and every fixture ahead. */
export async function loadCalendar(ctx: AppContext): Promise<GameFacts[]> {
  return calendar(ctx.db, new Date(now(ctx).getTime() - HISTORY_DAYS * 86_400_000));
}

/**
 * One game: the read model, else the games service itself (a game this service has not
 * heard of yet), else 404. A game fetched that way joins the read model.
 */
export async function findGame(ctx: AppContext, id: string): Promise<GameFacts> {
  const [known] = await getGames(ctx.db, [id]);
  if (known) return known;
  try {
    const reply = await ctx.request(GamesGet, { gameIds: [id] }, { timeoutMs: 2000 });
    const g = reply.games[0];
    if (g) {
      await upsertGame(ctx.db, g, now(ctx));
      const [fresh] = await getGames(ctx.db, [id]);
      if (fresh) return fresh;
    }
  } catch (err) {
    ctx.logger.warn({ err, gameId: id }, 'games.get failed; answering from the read model only');
  }
  throw new GameNotFoundError('Game not found');
}

/** AI calls per caller per minute: a fixed window counted in the shared cache. */
export async function throttle(ctx: AppContext, caller: string) {
  const bucket = Math.floor(ctx.clock.now() / 60_000);
  const n = await ctx.cache.incr(`ai:rate:${caller}:${bucket}`, 61_000);
  if (n > ctx.config.AI_RATE_LIMIT_PER_MINUTE) throw new TooManyAiRequestsError();
}

/** A cached answer (same input, same answer) for the configured TTL. */
export async function cached<T>(ctx: AppContext, key: string, fn: () => Promise<T>): Promise<T> {
  const ttl = ctx.config.AI_CACHE_TTL_SECONDS * 1000;
  if (ttl <= 0) return fn();
  const hit = await ctx.cache.get(`ai:cache:${key}`).catch(() => null);
  if (hit) return JSON.parse(hit) as T;
  const value = await fn();
  await ctx.cache.set(`ai:cache:${key}`, JSON.stringify(value), ttl).catch(() => {});
  return value;
}

export type ProducedBy = 'built-in' | 'model';

/**
 * The model's answer when a model is configured and answers in shape; the built-in
 * analyst's otherwise (no model, timeout, error, malformed answer, the request's deadline
 * passed, the caller's concurrent model calls at their cap). The caller learns which.
 */
export async function produce<T>(
  ctx: AppContext,
  task: string,
  builtIn: () => T,
  viaModel?: (model: NonNullable<AppContext['model']>) => Promise<T>,
): Promise<{ value: T; producedBy: ProducedBy }> {
  if (ctx.model && viaModel) {
    try {
      return { value: await useModel(ctx, viaModel), producedBy: 'model' };
    } catch (err) {
      ctx.logger.warn(
        { err: (err as Error).message, task },
        'model answer failed; the built-in analyst answers',
      );
    }
  }
  return { value: builtIn(), producedBy: 'built-in' };
}
