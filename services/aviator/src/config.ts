import { type Static, Type } from '@bet/kit';

/** The aviator service's own settings (on top of the kit's base settings). Money in dollars. */
export const aviatorConfig = {
  /** links of the hash chain: one round each (bustabit: 10 million). 0: 10 million in cluster mode, 1 million embedded */
  AVIATOR_CHAIN_LENGTH: Type.Integer({ default: 0, minimum: 0 }),
  /** distance between stored checkpoints of the chain (a round recomputes at most this many hashes) */
  AVIATOR_CHAIN_CHECKPOINT_EVERY: Type.Integer({ default: 10_000, minimum: 16 }),
  /**
   * the public salt of the crash formula, fixed before the first round (best: the hash of a
   * future Bitcoin block announced with the terminating hash); empty: 32 random bytes
   * generated with the chain
   */
  AVIATOR_SALT: Type.String({ default: '' }),
  /** the betting countdown */
  AVIATOR_BETTING_MS: Type.Integer({ default: 6_000, minimum: 200 }),
  /** how long the crash point stays on screen */
  AVIATOR_CRASHED_MS: Type.Integer({ default: 3_000, minimum: 0 }),
  /** the pause after that before the next round opens */
  AVIATOR_WAITING_MS: Type.Integer({ default: 1_000, minimum: 0 }),
  /** the round clock's step (about 10 ticks a second) */
  AVIATOR_TICK_MS: Type.Integer({ default: 100, minimum: 10 }),
  /**
   * how often `aviator.tick` goes out while a round flies (issue 35): screens draw the curve
   * from `startedAt` and the server clock, so a tick only corrects them; 5 a second keeps a
   * client that shows the ticked multiplier (the spec's) moving smoothly, at half the fan-out
   */
  AVIATOR_TICK_PUSH_MS: Type.Integer({ default: 200, minimum: 10 }),
  /** how long a dead clock's lease lives before another replica takes over */
  AVIATOR_LEASE_TTL_MS: Type.Integer({ default: 3_000, minimum: 300 }),
  AVIATOR_MIN_STAKE: Type.Number({ default: 0.1, ngnDefault: 100, exclusiveMinimum: 0 }),
  AVIATOR_MAX_STAKE: Type.Number({ default: 1_000, ngnDefault: 1_000_000, exclusiveMinimum: 0 }),
  /** the most one bet can win (its payout): the bet is cashed out where it reaches it */
  AVIATOR_MAX_WIN: Type.Number({ default: 10_000, ngnDefault: 10_000_000, exclusiveMinimum: 0 }),
  /** the most one round can pay out: the remaining bets are cashed out where it would pass it */
  AVIATOR_ROUND_MAX_PAYOUT: Type.Number({ default: 50_000, ngnDefault: 50_000_000, exclusiveMinimum: 0 }),
  /** how long a bet waits for the wallet's debit */
  AVIATOR_WALLET_TIMEOUT_MS: Type.Integer({ default: 3_000, minimum: 100 }),
  /** how long a bet's Idempotency-Key is kept: a retry after this bets again */
  IDEMPOTENCY_TTL_HOURS: Type.Number({ default: 24, exclusiveMinimum: 0, maximum: 24 * 30 }),
  /** crash points in the state's history strip */
  /** how often refused bets with an unconfirmed stake are settled with the wallet */
  AVIATOR_RECONCILE_MS: Type.Integer({ default: 5_000, minimum: 50 }),
  AVIATOR_HISTORY_STRIP: Type.Integer({ default: 20, minimum: 1, maximum: 100 }),
};

const AviatorConfigSchema = Type.Object(aviatorConfig);
export type AviatorConfig = Static<typeof AviatorConfigSchema>;
