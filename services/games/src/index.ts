import { defineService } from '@bet/kit';
import { gamesConfig } from './config';
import { consumers } from './consumers';
import { buildContext, type GamesParts } from './context';
import { migrations } from './db/migrations';
import type { GamesDB } from './db/schema';
import { jobs } from './jobs';
import { routes } from './routes';
import { errorAnswers } from './routes/errors';

/**
 * Games: the catalogue, prices, live scores, match events, results and power rankings,
 * fed by the built-in simulator or the real providers. The source of every games.* event.
 */
export const gamesService = defineService<GamesDB, typeof gamesConfig, GamesParts>({
  name: 'games',
  config: gamesConfig,
  migrations,
  context: buildContext,
  routes,
  errors: errorAnswers,
  consumers,
  jobs,
});

/** driven by hand on a clock of their own by the tests and the benchmark */
export { SimulatorRunner } from './app/simulator';
export type { GamesDB } from './db/schema';
