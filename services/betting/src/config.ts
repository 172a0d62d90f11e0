import { type ServiceContext, type Static, Type } from '@bet/kit';
import type { BettingDB } from './db/schema';

/** The betting service's own settings (on top of the kit's base settings). */
export const bettingConfig = {
  /** largest stake of one bet, in dollars (for singles: the stake per bet) */
  MAX_STAKE: Type.Number({ default: 10_000, ngnDefault: 10_000_000, exclusiveMinimum: 0 }),
  /** largest potential payout of one bet, in dollars */
  MAX_PAYOUT: Type.Number({ default: 250_000, ngnDefault: 250_000_000, exclusiveMinimum: 0 }),
  /** the odds ceiling: no selection is taken at a higher price (decimal odds) */
  MAX_ODDS: Type.Number({ default: 500, minimum: 1.01 }),
  /** the liability limit of one game and market: what one outcome may pay out over every pending bet, in dollars */
  MAX_LIABILITY: Type.Number({ default: 100_000, ngnDefault: 100_000_000, exclusiveMinimum: 0 }),
  /** an in-play bet is accepted only after this wait, once its market and price are checked again (0: at once) */
  LIVE_ACCEPT_DELAY_MS: Type.Integer({ default: 5_000, minimum: 0, maximum: 30_000 }),
  /** share of the fair cash-out value the house keeps (0.05 = 5 %) */
  CASHOUT_MARGIN: Type.Number({ default: 0.05, minimum: 0, maximum: 0.99 }),
  /** a game whose pending potential payouts exceed this many dollars is high-risk */
  HIGH_RISK_EXPOSURE: Type.Number({ default: 5_000, ngnDefault: 5_000_000, minimum: 0 }),
  /** how long a placement waits for the wallet's answer to a debit */
  WALLET_TIMEOUT_MS: Type.Integer({ default: 5_000, minimum: 100 }),
  /** how long a live bet waits for the games service to vouch for its in-play price */
  LIVE_CHECK_TIMEOUT_MS: Type.Integer({ default: 2_000, minimum: 100 }),
  /** how often the reconciler looks for unfinished placements and owed refunds */
  RECONCILE_INTERVAL_MS: Type.Integer({ default: 5_000, minimum: 50 }),
  /** a placement still waiting this long after its own attempt is taken over by the reconciler */
  RECONCILE_AFTER_MS: Type.Integer({ default: 15_000, minimum: 0 }),
  /** bets evaluated per settlement transaction */
  SETTLE_BATCH: Type.Integer({ default: 1_000, minimum: 1, maximum: 10_000 }),
  /** settlement transactions in flight at once in one replica (each on its own bets) */
  SETTLE_PARALLEL: Type.Integer({ default: 2, minimum: 1, maximum: 8 }),
  /** how long a placement's Idempotency-Key is kept: a retry after this places again */
  IDEMPOTENCY_TTL_HOURS: Type.Number({ default: 24, exclusiveMinimum: 0, maximum: 24 * 30 }),
  /** rows on each leaderboard */
  LEADERBOARD_SIZE: Type.Integer({ default: 10, minimum: 1, maximum: 100 }),
};

const BettingConfigSchema = Type.Object(bettingConfig);
export type BettingConfig = Static<typeof BettingConfigSchema>;

/**
 * The kit's part of the context: what the objects `context.ts` builds receive. It lives here,
 * not in context.ts, so that those objects never import the module that builds them.
 */
export type KitContext = ServiceContext<BettingDB, BettingConfig>;
