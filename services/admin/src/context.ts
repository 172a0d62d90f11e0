import { type OutboxTables, parts, type ServiceContext, type Static } from '@bet/kit';
import type { TObject } from '@sinclair/typebox';
import type { Kysely } from 'kysely';
import type { adminConfig } from './config';
import type { AdminDB } from './db/schema';

export type AdminConfig = Static<TObject<typeof adminConfig>>;

/** Nothing long-lived beyond the kit's objects yet; the type keeps the shape's slot. */
export type AdminParts = Record<string, never>;
export type AppContext = ServiceContext<AdminDB, AdminConfig> & AdminParts;

/** the service's database handle or a transaction on it */
export type DB = Kysely<AdminDB & OutboxTables>;

export function buildContext(): AdminParts {
  return {};
}

export const { route, consumer, responder, listener, job } = parts<AppContext>();
