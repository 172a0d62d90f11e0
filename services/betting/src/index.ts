import { defineService } from '@bet/kit';
import { bettingConfig } from './config';
import { consumers } from './consumers';
import { type BettingParts, buildContext } from './context';
import { migrations } from './db/migrations';
import type { BettingDB } from './db/schema';
import { jobs } from './jobs';
import { routes } from './routes';

export const bettingService = defineService<BettingDB, typeof bettingConfig, BettingParts>({
  name: 'betting',
  config: bettingConfig,
  migrations,
  context: buildContext,
  routes,
  consumers,
  jobs,
});

export type { BettingDB } from './db/schema';
