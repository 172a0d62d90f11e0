import { defineService } from '@bet/kit';
import { adminConfig } from './config';
import { consumers } from './consumers';
import { type AdminParts, buildContext } from './context';
import { migrations } from './db/migrations';
import type { AdminDB } from './db/schema';
import { jobs } from './jobs';
import { routes } from './routes';
import { errorAnswers } from './routes/errors';

/**
 * Admin: the back office's own data (promotions, the platform-wide audit log) and read
 * models of identity, wallet, betting and games kept from their events, for the dashboard's
 * figures and the user-details view. It never reads another service's tables.
 */
export const adminService = defineService<AdminDB, typeof adminConfig, AdminParts>({
  name: 'admin',
  config: adminConfig,
  migrations,
  context: buildContext,
  routes,
  errors: errorAnswers,
  consumers,
  jobs,
});
