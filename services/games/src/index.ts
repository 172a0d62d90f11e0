import { defineService } from '@bet/kit';
import { rebaseLogoUrls } from './app/logo-urls';
import { gamesConfig } from './config';
import { startCommandResponders } from './consumers/commands';
import { startInterestConsumer } from './consumers/interest';
import type { Ctx } from './context';
import { migrations } from './db/migrations';
import type { GamesDB } from './db/schema';
import { registerAdminRoutes } from './routes/admin';
import { registerGameRoutes } from './routes/games';
import { registerLogoRoutes } from './routes/logos';
import { SimulatorRunner } from './simulator/runner';
import { SyncService } from './sync/service';

const syncs = new WeakMap<object, SyncService>();
const syncFor = (ctx: Ctx) => {
  let s = syncs.get(ctx);
  if (!s) {
    s = new SyncService(ctx);
    syncs.set(ctx, s);
  }
  return s;
};

/**
 * Games: the catalogue, prices, live scores, match events, results and power rankings,
 * fed by the built-in simulator or the real providers. The source of every games.* event.
 */
export const gamesService = defineService<GamesDB, typeof gamesConfig>({
  name: 'games',
  config: gamesConfig,
  migrations,
  routes(app, ctx) {
    registerGameRoutes(app, ctx);
    registerAdminRoutes(app, ctx, syncFor(ctx));
    registerLogoRoutes(app);
  },
  async start(ctx) {
    const c = ctx.config;
    if (c.GAMES_PROVIDER === 'apifootball' && !c.API_FOOTBALL_KEY) {
      throw new Error('Invalid configuration:\n  GAMES_PROVIDER=apifootball needs API_FOOTBALL_KEY');
    }
    if (c.GAMES_PROVIDER === 'allsportsapi' && !c.ALLSPORTS_API_KEY) {
      throw new Error('Invalid configuration:\n  GAMES_PROVIDER=allsportsapi needs ALLSPORTS_API_KEY');
    }
    await rebaseLogoUrls(ctx);
    await startInterestConsumer(ctx);
    await startCommandResponders(ctx);
    const sync = syncFor(ctx);
    sync.startSchedule();
    ctx.onStop(() => sync.stop());
    if (c.GAMES_PROVIDER === 'simulator') {
      const sim = new SimulatorRunner(ctx);
      ctx.onStop(() => sim.stop());
      const first = sim.start();
      // embedded: a newcomer sees a full catalogue (upcoming, live, finished) at once
      if (c.MODE === 'embedded') await first;
    }
  },
});

export { SimulatorRunner } from './simulator/runner';
export { SyncService } from './sync/service';
