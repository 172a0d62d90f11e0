import { listGames, liveWindow } from '../app/games';
import { route } from '../context';
import { LiveGamesAnswer } from './answers';

export const liveGamesRoute = route('GET /api/v1/games/live', (app, ctx) => {
  app.get(
    '/api/v1/games/live',
    { config: { auth: 'public' }, schema: { tags: ['games'], response: { 200: LiveGamesAnswer } } },
    async () => ({
      games: await listGames(ctx.db, { status: 'live', limit: 500, order: 'asc' }, liveWindow(ctx)),
    }),
  );
});
