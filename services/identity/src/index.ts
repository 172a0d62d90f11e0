import { defineService } from '@bet/kit';
import { identityConfig } from './config';
import { consumers } from './consumers';
import { buildContext, type IdentityParts } from './context';
import { migrations } from './db/migrations';
import type { IdentityDB } from './db/schema';
import { jobs } from './jobs';
import { routes } from './routes';
import { errorAnswers } from './routes/errors';

export const identityService = defineService<IdentityDB, typeof identityConfig, IdentityParts>({
  name: 'identity',
  config: identityConfig,
  migrations,
  context: buildContext,
  routes,
  errors: errorAnswers,
  consumers,
  jobs,
});

export type { IdentityDB } from './db/schema';
