import { listGames, liveWindow } from '../app/games';
import { route } from '../context';
import { GamesReply } from './schemas';

export const liveGamesRoute = route('GET /api/v1/games/live', (app, ctx) => {
  app.get(
    '/api/v1/games/live',
    { config: { auth: 'public' }, schema: { tags: ['games'], response: { 200: GamesReply } } },
    async () => ({
      games: await listGames(ctx.db, { status: 'live', limit: 500, order: 'asc' }, liveWindow(ctx)),
    }),
  );
});
