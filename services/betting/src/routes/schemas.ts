import { badRequest, ID_PATTERN, StringEnum, Type } from '@bet/kit';
import { DEFAULT_MARKET, MARKETS, marketDef } from '@bet/proto-events';

export const OutcomeSchema = StringEnum(['A', 'Draw', 'B']);
/** a market key of the catalogue (games-005); absent: 1X2 */
export const MarketSchema = StringEnum(MARKETS.map((m) => m.key));
/** A / Draw / B on 1X2, else the market's outcome code (checked against the market by checkOutcomes) */
export const OutcomeCodeSchema = Type.String({ minLength: 1, maxLength: 12 });
export const BetTypeSchema = StringEnum(['single', 'multi']);

/**
 * A pick is exactly a game, optionally a market (absent: 1X2, so the spec's payloads work
 * unchanged) and an outcome: prices never come from the client. The id's shape is checked
 * by the domain so the spec's message reaches the player, and the count too (the array bound
 * here only stops absurd bodies); the outcome against its market by checkOutcomes.
 */
export const SelectionSchema = Type.Object(
  {
    gameId: Type.String({ maxLength: 64 }),
    market: Type.Optional(MarketSchema),
    outcome: OutcomeCodeSchema,
    /** additive: the decimal price the slip showed (betting-008); a moved price follows oddsChange */
    odds: Type.Optional(Type.Number({ minimum: 1.01, maximum: 100_000 })),
    /** additive (issue 33, betting-009): an odds boost (its promotion id, from GET /promotions) pricing this pick */
    boostId: Type.Optional(
      Type.String({
        pattern: '^[0-9a-f]{24}$',
        description: 'an OddsBoost promotion id from GET /promotions',
      }),
    ),
  },
  { additionalProperties: false },
);
/**
 * additive: the slip's "Odds changes" choice (betting-008): take any new price, only a
 * higher one, or none (the default: a moved price refuses the bet with "The odds have changed")
 */
export const OddsChangeSchema = Type.Optional(StringEnum(['any', 'higher', 'none']));
export const SelectionsSchema = Type.Array(SelectionSchema, { maxItems: 50 });
/** additive (issue 33): a free-bet token from GET /promotions/mine pays the stake (one bet) */
export const FreeBetIdSchema = Type.Optional(
  Type.String({ pattern: '^[0-9a-f]{24}$', description: 'a free-bet token from GET /promotions/mine' }),
);

/**
 * Each pick's outcome is one of its market's: a 400 worded as the schema words an enum
 * ("selections[0].outcome must be one of: A, Draw, B" for a 1X2 pick, as before markets).
 */
export function checkOutcomes(selections: ReadonlyArray<{ market?: string; outcome: string }> | undefined) {
  selections?.forEach((s, i) => {
    const outcomes = marketDef(s.market ?? DEFAULT_MARKET)?.outcomes ?? [];
    if (outcomes.includes(s.outcome)) return;
    const path = `selections[${i}].outcome`;
    const msg = `${path} must be one of: ${outcomes.join(', ')}`;
    throw badRequest(msg, [{ path, location: 'body', msg }]);
  });
}

export const IdParams = Type.Object({ id: Type.String({ pattern: ID_PATTERN }) });

export const Period = StringEnum(['all-time', 'monthly', 'weekly'], { default: 'all-time' });

export const HistoryQuerySchema = {
  page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 12 })),
  sortBy: Type.Optional(StringEnum(['createdAt', 'stake', 'payout', 'totalOdds'])),
  order: Type.Optional(StringEnum(['asc', 'desc'])),
  startDate: Type.Optional(Type.String({ maxLength: 40 })),
  endDate: Type.Optional(Type.String({ maxLength: 40 })),
};

export const BetStatusFilter = StringEnum(['pending', 'won', 'lost', 'cancelled', 'cashed_out', 'settled']);

export const PLACED = 'Bets placed successfully!';

/** `balance` in dollars when the wallet said it (a replayed debit does not) */
export function balanceField(cents: number | null) {
  return cents === null ? {} : { balance: cents / 100 };
}

/** rows on a leaderboard (absent: LEADERBOARD_SIZE) */
export const BoardLimit = Type.Optional(Type.Integer({ minimum: 1, maximum: 100 }));
