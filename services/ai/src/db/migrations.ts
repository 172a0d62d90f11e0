import type { Migration } from 'kysely';
import { readModels } from './migrations/0001_read_models';
import { marketLegs } from './migrations/0002_market_legs';

/** Applied in name order; one file per migration in db/migrations/. */
export const migrations: Record<string, Migration> = {
  '0001_read_models': readModels,
  '0002_market_legs': marketLegs,
};
