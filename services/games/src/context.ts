import type { OutboxTables, ServiceContext, Static } from '@bet/kit';
import type { TObject } from '@sinclair/typebox';
import type { Kysely } from 'kysely';
import type { gamesConfig } from './config';
import type { GamesDB } from './db/schema';

export type GamesConfig = Static<TObject<typeof gamesConfig>>;
export type Ctx = ServiceContext<GamesDB, GamesConfig>;

/** who did it: an admin from the access token, or the service itself */
export interface Actor {
  id: string;
  username?: string | null;
}

/** the service's database handle (its tables plus the kit's outbox and inbox) */
export type DB = Kysely<GamesDB & OutboxTables>;
