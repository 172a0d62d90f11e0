import { type OutboxTables, parts, type ServiceContext, type Static } from '@bet/kit';
import type { TObject } from '@sinclair/typebox';
import type { Kysely } from 'kysely';
import type { adminConfig } from './config';
import type { AdminDB } from './db/schema';

export type AdminConfig = Static<TObject<typeof adminConfig>>;

export interface AdminParts {
  /** the dashboard figures this replica announced last (JSON), so only changes are pushed */
  lastFigures: { value: string | null };
}
export type AppContext = ServiceContext<AdminDB, AdminConfig> & AdminParts;

/** the service's database handle or a transaction on it */
export type DB = Kysely<AdminDB & OutboxTables>;

export function buildContext(): AdminParts {
  return { lastFigures: { value: null } };
}

export const { route, consumer, responder, listener, job } = parts<AppContext>();
