import { defineService } from '@bet/kit';
import { runtime } from './app/runtime';
import type { Ctx } from './app/types';
import { bettingConfig } from './config';
import { startCommandResponders } from './consumers/commands';
import { startGameConsumers } from './consumers/games';
import { startUserConsumers } from './consumers/users';
import { migrations } from './db/migrations';
import type { BettingDB } from './db/schema';
import { registerAdminRoutes } from './routes/admin';
import { registerBetRoutes } from './routes/bets';
import { registerBoardRoutes } from './routes/boards';
import { registerRulesRoutes } from './routes/rules';
import { registerShareRoutes } from './routes/share';

export const bettingService = defineService<BettingDB, typeof bettingConfig>({
  name: 'betting',
  config: bettingConfig,
  migrations,
  routes(app, ctx) {
    registerBetRoutes(app, ctx as Ctx);
    registerShareRoutes(app, ctx as Ctx);
    registerRulesRoutes(app, ctx as Ctx);
    registerBoardRoutes(app, ctx as Ctx);
    registerAdminRoutes(app, ctx as Ctx);
  },
  async start(c) {
    const ctx = c as Ctx;
    await startGameConsumers(ctx);
    await startUserConsumers(ctx);
    await startCommandResponders(ctx);
    const { reconciler, settler } = runtime(ctx);
    reconciler.start();
    ctx.onStop(() => reconciler.stop());
    // picks up settlement work a crash interrupted (flags left by a committed game event)
    const sweep = setInterval(() => settler.nudge(), ctx.config.RECONCILE_INTERVAL_MS);
    ctx.onStop(async () => {
      clearInterval(sweep);
      await settler.drain().catch(() => {});
    });
    settler.nudge();
  },
});

export type { BettingDB } from './db/schema';
