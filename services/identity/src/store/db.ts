import type { OutboxTables } from '@bet/kit';
import type { Kysely } from 'kysely';
import type { IdentityDB } from '../db/schema';

export type Db = Kysely<IdentityDB & OutboxTables>;
