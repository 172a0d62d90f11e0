import { idempotencyKeysMigration } from '@bet/kit';
import type { Migration } from 'kysely';

/** Client Idempotency-Keys of bet placements, each written with its placement (api-conventions). */
export const idempotencyKeys: Migration = idempotencyKeysMigration;
