import { ID_PATTERN, StringEnum, Type } from '@bet/kit';

export const OutcomeSchema = StringEnum(['A', 'Draw', 'B']);
export const BetTypeSchema = StringEnum(['single', 'multi']);

/**
 * A pick is exactly a game and an outcome: prices never come from the client. The id's
 * shape is checked by the domain so the spec's message reaches the player, and the count
 * too (the array bound here only stops absurd bodies).
 */
export const SelectionSchema = Type.Object(
  { gameId: Type.String({ maxLength: 64 }), outcome: OutcomeSchema },
  { additionalProperties: false },
);
export const SelectionsSchema = Type.Array(SelectionSchema, { maxItems: 50 });

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
