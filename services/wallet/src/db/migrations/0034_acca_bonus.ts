import { type Kysely, type Migration, sql } from 'kysely';
import { INTERNAL_TX_TYPES, USER_TX_TYPES } from '../../domain/transactions';

const list = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * Issue 33 (decision betting-009): a won multi's accumulator bonus is its own statement line,
 * `acca_bonus` (promotions → the player's wallet), beside the bet's win.
 */
export const accaBonus: Migration = {
  async up(db: Kysely<any>) {
    await sql`alter table transactions drop constraint transactions_type_check`.execute(db);
    await sql`alter table transactions add constraint transactions_type_check
      check (type in (${list([...USER_TX_TYPES, ...INTERNAL_TX_TYPES])}))`.execute(db);
  },
};
