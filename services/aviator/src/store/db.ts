import type { OutboxTables } from '@bet/kit';
import type { Kysely, Selectable } from 'kysely';
import type { AviatorDB, BetsTable, RoundsTable } from '../db/schema';

/** The service's database (its tables and the kit's outbox), or a transaction on it. */
export type Db = Kysely<AviatorDB & OutboxTables>;
export type RoundRow = Selectable<RoundsTable>;
export type BetRow = Selectable<BetsTable>;
