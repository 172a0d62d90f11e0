import { Type } from '@sinclair/typebox';

export const Id = Type.String({ pattern: '^[0-9a-f]{24}$' });
export const Timestamp = Type.String({ format: 'date-time' });
/** integer cents; JSON numbers are exact up to 2^53 cents */
export const Cents = Type.Integer();
/** odds in integer hundredths (2.35 → 235) */
export const OddsHundredths = Type.Integer({ minimum: 101 });
export const Role = Type.Union([Type.Literal('user'), Type.Literal('admin')]);
export const Outcome = Type.Union([Type.Literal('A'), Type.Literal('Draw'), Type.Literal('B')]);
export const GameStatus = Type.Union([
  Type.Literal('upcoming'),
  Type.Literal('live'),
  Type.Literal('finished'),
  Type.Literal('cancelled'),
]);
/** odds at the edge: decimal numbers with two decimals */
export const Odds = Type.Object({ home: Type.Number(), draw: Type.Number(), away: Type.Number() });
export const Scores = Type.Object({ home: Type.Integer({ minimum: 0 }), away: Type.Integer({ minimum: 0 }) });

export const PendingLimit = Type.Object({ value: Type.Number({ minimum: 0 }), effectiveAt: Timestamp });
export const Limit = Type.Object({
  limit: Type.Number({ minimum: 0 }),
  pending: Type.Optional(PendingLimit),
});
/** player protection as identity publishes it (amounts in dollars, 0 = none) */
export const Protection = Type.Object({
  exclusion: Type.Union([
    Type.Object({
      kind: Type.Union([Type.Literal('time_out'), Type.Literal('self_exclusion')]),
      startedAt: Type.String({ format: 'date-time' }),
      until: Type.String({ format: 'date-time' }),
    }),
    Type.Null(),
  ]),
  depositLimits: Type.Object({ daily: Limit, weekly: Limit, monthly: Limit }),
  realityCheckMinutes: Type.Integer({ minimum: 0 }),
});

export const Limits = Type.Object({
  /** bets per calendar week (UTC, Monday 00:00); 0 = no limit */
  weeklyBetCount: Limit,
  /** dollars per calendar week; 0 = no limit */
  weeklyStakeAmount: Limit,
});

export const Game = Type.Object({
  _id: Id,
  homeTeam: Type.String(),
  awayTeam: Type.String(),
  homeTeamLogo: Type.Union([Type.String(), Type.Null()]),
  awayTeamLogo: Type.Union([Type.String(), Type.Null()]),
  league: Type.Union([Type.String(), Type.Null()]),
  matchDate: Timestamp,
  status: GameStatus,
  scores: Scores,
  elapsedTime: Type.Union([Type.Integer(), Type.Null()]),
  odds: Odds,
  result: Type.Union([Outcome, Type.Null()]),
  /** additive: who plays the match out; simulated games are labelled as such */
  source: Type.Optional(
    Type.Union([Type.Literal('simulator'), Type.Literal('provider'), Type.Literal('manual')]),
  ),
  /** additive: the phase of a simulated match (HT is half-time), null when unknown */
  phase: Type.Optional(
    Type.Union([Type.Literal('1H'), Type.Literal('HT'), Type.Literal('2H'), Type.Literal('FT'), Type.Null()]),
  ),
  /** additive, on reads: a live game whose in-play price is not fresh takes no bets */
  suspended: Type.Optional(Type.Boolean()),
});
