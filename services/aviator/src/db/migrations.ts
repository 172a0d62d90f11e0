import type { Migration } from 'kysely';
import { rounds } from './migrations/0001_rounds';
import { unconfirmedStakes } from './migrations/0002_unconfirmed_stakes';
import { nextRoundBets } from './migrations/0003_next_round_bets';
import { idempotencyKeys } from './migrations/0004_idempotency_keys';

/** Every migration of the service, applied in name order. */
export const migrations: Record<string, Migration> = {
  '0001_rounds': rounds,
  '0002_unconfirmed_stakes': unconfirmedStakes,
  '0003_next_round_bets': nextRoundBets,
  '0004_idempotency_keys': idempotencyKeys,
};
