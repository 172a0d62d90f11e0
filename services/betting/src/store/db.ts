import type { OutboxTables } from '@bet/kit';
import type { Kysely, Selectable } from 'kysely';
import type { BetsTable, BettingDB, GamesTable, UsersTable } from '../db/schema';

/** The service's database (its tables and the kit's outbox), or a transaction on it. */
export type Db = Kysely<BettingDB & OutboxTables>;
export type GameRow = Selectable<GamesTable>;
export type BetRow = Selectable<BetsTable>;
export type UserRow = Selectable<UsersTable>;
