import { GamesGet } from '@bet/proto-events';
import { gamesByIds } from '../app/games';
import { responder } from '../context';

/** games.get: the current state and prices of a few games, for services that must not act on a stale read model. */
export const gamesGet = responder(GamesGet, async (ctx, req) => ({
  games: await gamesByIds(ctx, req.gameIds),
}));
