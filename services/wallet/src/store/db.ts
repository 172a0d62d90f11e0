import type { OutboxTables } from '@bet/kit';
import type { Kysely, Selectable } from 'kysely';
import type { WalletDB } from '../db/schema';

/** the wallet's database, or a transaction on it */
export type Trx = Kysely<WalletDB & OutboxTables>;
export type WithdrawalRow = Selectable<WalletDB['withdrawals']>;
export type DepositRow = Selectable<WalletDB['deposits']>;
