import type { OutboxTables } from '@bet/kit';
import type { Kysely, Selectable } from 'kysely';
import type { GamesDB, GamesTable } from '../db/schema';

/** The service's database (its tables plus the kit's outbox and inbox), or a transaction on it. */
export type DB = Kysely<GamesDB & OutboxTables>;
export type GameRow = Selectable<GamesTable>;

/** jsonb comes back parsed from Postgres and as text from PGlite */
export const json = <T>(v: unknown): T | null =>
  v == null ? null : typeof v === 'string' ? (JSON.parse(v) as T) : (v as T);
