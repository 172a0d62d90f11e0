import { defineService } from '@bet/kit';
import { aviatorConfig } from './config';
import { consumers } from './consumers';
import { type AviatorParts, buildContext } from './context';
import { migrations } from './db/migrations';
import type { AviatorDB } from './db/schema';
import { jobs } from './jobs';
import { routes } from './routes';
import { errorAnswers } from './routes/errors';

export const aviatorService = defineService<AviatorDB, typeof aviatorConfig, AviatorParts>({
  name: 'aviator',
  config: aviatorConfig,
  migrations,
  context: buildContext,
  routes,
  errors: errorAnswers,
  consumers,
  jobs,
});

export type { AviatorDB } from './db/schema';
