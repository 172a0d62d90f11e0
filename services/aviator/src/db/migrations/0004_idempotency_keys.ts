import { idempotencyKeysMigration } from '@bet/kit';
import type { Migration } from 'kysely';

/** Client Idempotency-Keys of Aviator bets, each written with its bet (api-conventions). */
export const idempotencyKeys: Migration = idempotencyKeysMigration;
