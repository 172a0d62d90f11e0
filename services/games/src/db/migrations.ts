import type { Migration } from 'kysely';
import { games } from './migrations/0001_games';
import { livePrices } from './migrations/0002_live_prices';
import { interestExistence } from './migrations/0003_interest_existence';
import { marketControl } from './migrations/0004_market_control';

/** Every migration of the service, applied in name order (the names are recorded in deployed databases). */
export const migrations: Record<string, Migration> = {
  '0001_games': games,
  '0002_live_prices': livePrices,
  '0003_interest_existence': interestExistence,
  '0004_market_control': marketControl,
};
