import type { KitContext } from '../config';
import type { Actor } from '../domain/actor';
import { NotAdjustedError } from '../domain/errors';
import {
  type ApiGame,
  assertOddsAdjustable,
  type GameRecord,
  toApiGame,
  toDecimalOdds,
} from '../domain/game';
import type { Prices } from '../domain/odds';
import { saveGame } from '../store/games';
import { recordAnnouncements } from './announcements';
import { audit } from './audit';
import { changeEvents, lockGame } from './game-changes';
import { marketMarginsOf } from './pricing';

/* An admin's 1X2 prices of a game: adjusted, or reset to the model's. */

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
