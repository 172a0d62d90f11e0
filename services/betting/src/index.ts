import { defineService } from '@bet/kit';
import { bettingConfig } from './config';
import { consumers } from './consumers';
import { type BettingParts, buildContext } from './context';
import { migrations } from './db/migrations';
import type { BettingDB } from './db/schema';
import { jobs } from './jobs';
import { routes } from './routes';
import { errorAnswers } from './routes/errors';

export const bettingService = defineService<BettingDB, typeof bettingConfig, BettingParts>({
  name: 'betting',
  config: bettingConfig,
  migrations,
  context: buildContext,
  routes,
  consumers,
  jobs,
  errors: errorAnswers,
});

export type { BettingDB } from './db/schema';
