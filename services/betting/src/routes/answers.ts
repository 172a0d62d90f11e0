import { type TSchema, Type } from '@bet/kit';
import { BetTypeSchema, Period } from './schemas';

/**
 * What the routes answer, field by field (betJson in domain/bet-view.ts, the use cases in
 * app/queries.ts, app/share.ts and app/cashout.ts; the public shapes in docs/api-conventions.md
 * "Objects" and "Envelopes"). A response schema also serialises: a field it does not name is
 * dropped, so every field a handler sends is named here.
 */

const Nullable = <T extends TSchema>(t: T, description?: string) =>
  Type.Union([t, Type.Null()], description ? { description } : {});
const Dollars = Type.Number({ description: 'dollars' });
const Odds = Type.Number({ description: 'decimal odds, two places' });
const DateTime = Type.String({ format: 'date-time' });
const Msg = Type.String();

const GameStatus = Type.Unsafe<'upcoming' | 'live' | 'finished' | 'cancelled'>({
  type: 'string',
  enum: ['upcoming', 'live', 'finished', 'cancelled'],
});
const Prices = Type.Object({ home: Odds, draw: Odds, away: Odds });
const GameDetails = Type.Object({
  homeTeam: Type.String(),
  awayTeam: Type.String(),
  league: Nullable(Type.String()),
});

/** The public Bet (domain/bet-view.ts betJson). */
export const BetAnswer = Type.Object({
  _id: Type.String(),
  betType: BetTypeSchema,
  selections: Type.Array(
    Type.Object({
      gameId: Type.String(),
      game: Nullable(
        Type.Object({
          _id: Type.String(),
          homeTeam: Type.String(),
          awayTeam: Type.String(),
          status: GameStatus,
          league: Nullable(Type.String()),
        }),
        'null when this service never heard of the game ("Game data is unavailable")',
      ),
      market: Type.Optional(
        Type.String({ description: "additive: the leg's market key (games-005); absent on a 1X2 leg" }),
      ),
      outcome: Type.String({ description: 'A / Draw / B on 1X2, else the market outcome code' }),
      label: Type.Optional(
        Type.String({
          description: 'additive: what the pick reads as ("Over 2.5", "BTTS Yes"); on every leg',
        }),
      ),
      odds: Type.Number({ description: 'the price taken at placement (a boosted leg: the boosted price)' }),
      boost: Type.Optional(
        Type.Object(
          {
            promotionId: Type.String(),
            baseOdds: Type.Number({ description: 'the price the leg had without the boost' }),
          },
          { description: 'additive (issue 33): only on a leg an odds boost priced' },
        ),
      ),
      result: Nullable(
        Type.Unsafe<'won' | 'lost' | 'void' | 'push'>({
          type: 'string',
          enum: ['won', 'lost', 'void', 'push'],
          description: 'push: the stake comes back by the market rule (Draw No Bet on a draw)',
        }),
        'null until the game has a result',
      ),
    }),
  ),
  stake: Dollars,
  totalOdds: Type.Number({ description: "the legs' odds multiplied, rounded down to two places" }),
  status: Type.Unsafe<'pending' | 'won' | 'lost' | 'cancelled'>({
    type: 'string',
    enum: ['pending', 'won', 'lost', 'cancelled'],
    description: "the spec's four values: a cash-out is `won` with `cashedOut: true`",
  }),
  cashedOut: Type.Boolean(),
  payout: Type.Number({
    description: 'dollars: winnings (won), refund (cancelled), the amount (cash-out), 0 otherwise',
  }),
  potentialPayout: Type.Number({
    description: 'dollars: stake × total odds (a free bet: stake × total odds − stake)',
  }),
  freeBetId: Type.Optional(
    Type.String({ description: 'additive (issue 33): the free-bet token that paid the stake' }),
  ),
  freeBetAmount: Type.Optional(
    Type.Number({ description: 'additive: dollars of the stake the token paid (not returned on a win)' }),
  ),
  accaPromotionId: Type.Optional(
    Type.String({ description: 'additive (issue 33): the accumulator bonus promotion of a multi' }),
  ),
  accaBonusPercent: Type.Optional(
    Type.Number({
      description:
        'additive: the bonus percent on net winnings (the tier for the legs; once settled, re-tiered on the legs that won)',
    }),
  ),
  accaBonus: Type.Optional(
    Type.Number({
      description:
        'additive: dollars of bonus: if every leg wins while pending; what was paid (part of payout) once won; 0 when lost',
    }),
  ),
  createdAt: DateTime,
  settledAt: Nullable(DateTime),
});

export const PlacedAnswer = Type.Object(
  {
    msg: Msg,
    bets: Type.Array(BetAnswer),
    balance: Type.Optional(
      Type.Number({
        description:
          "dollars: the wallet's balance right after the stake was taken (absent on a replayed debit)",
      }),
    ),
  },
  { description: 'The accepted bets (one per selection for singles, one for a multi)' },
);

export const BetPageAnswer = Type.Object({
  bets: Type.Array(BetAnswer),
  currentPage: Type.Integer(),
  totalPages: Type.Integer(),
});

export const OneBetAnswer = Type.Object({ bet: BetAnswer });

export const CashOutOfferAnswer = Type.Object(
  {
    available: Type.Boolean(),
    amount: Type.Number({ description: 'dollars on offer (0 when not available)' }),
    reason: Type.Optional(Type.String({ description: 'why there is no offer, for the page to show' })),
  },
  { description: 'The current cash-out offer (nothing is reserved)' },
);

export const CashedOutAnswer = Type.Object({
  msg: Msg,
  amount: Type.Number({ description: 'dollars paid for the bet' }),
  bet: BetAnswer,
});

export const ShareCreatedAnswer = Type.Object({
  msg: Msg,
  shareId: Type.String(),
  shareUrl: Type.String({ description: 'the slip page on WEB_URL' }),
  bookingCode: Type.String({ description: 'a short code that opens the same slip' }),
});

/**
 * The shared slip in the spec client's envelope (app/share.ts readShare): each selection's game
 * populated under `gameId`, null when the game is unknown here.
 */
export const SharedSlipAnswer = Type.Object({
  slip: Type.Object({
    shareId: Type.String(),
    betType: BetTypeSchema,
    createdAt: DateTime,
    selections: Type.Array(
      Type.Object({
        gameId: Nullable(
          Type.Object({
            _id: Type.String(),
            homeTeam: Type.String(),
            awayTeam: Type.String(),
            league: Nullable(Type.String()),
            status: GameStatus,
            matchDate: Nullable(DateTime),
            odds: Prices,
          }),
          'the game, populated (null when this service does not know it)',
        ),
        market: Type.Optional(Type.String({ description: "additive: the pick's market key; absent on 1X2" })),
        outcome: Type.String({ description: 'A / Draw / B on 1X2, else the market outcome code' }),
        label: Type.Optional(Type.String({ description: 'additive: what the pick reads as ("Over 2.5")' })),
        odds: Nullable(
          Type.Number(),
          "the pick's current price, decimal (null: game unknown, or the market does not offer it now)",
        ),
        available: Type.Boolean({ description: 'the game takes bets now' }),
        reason: Type.Optional(Type.String({ description: 'why not, when not available' })),
      }),
    ),
  }),
  bookingCode: Nullable(Type.String(), 'null for a slip shared before booking codes existed'),
});

export const WinnersAnswer = Type.Object({
  period: Period,
  leaderboard: Type.Array(
    Type.Object({
      userDetails: Type.Object({ username: Type.String() }),
      netProfit: Type.Number({ description: 'dollars: payouts − stakes of bets settled in the period' }),
    }),
  ),
});

export const HighestOddsAnswer = Type.Object({
  period: Period,
  leaderboard: Type.Array(
    Type.Object({
      username: Type.String(),
      odds: Type.Number({ description: "the player's best winning total odds" }),
    }),
  ),
});

export const UserStatsAnswer = Type.Object(
  {
    betsWon: Type.Integer(),
    betsLost: Type.Integer(),
    winRate: Type.Number({ description: 'percent, two decimals (0 when nothing settled)' }),
    netProfit: Dollars,
  },
  { description: 'The last 30 days, by settlement time' },
);

export const UserStatsHistoryAnswer = Type.Object(
  {
    history: Type.Array(
      Type.Object({ date: Type.String({ format: 'date', description: 'a UTC day' }), netProfit: Dollars }),
    ),
  },
  { description: 'Net profit per UTC day, 30 entries, oldest first' },
);

const OutcomeExposure = Type.Object({
  betCount: Type.Integer(),
  totalStake: Dollars,
  totalPotentialPayout: Dollars,
});

export const GameRiskAnswer = Type.Object(
  {
    analysis: Type.Object({
      gameId: Type.String(),
      gameDetails: GameDetails,
      status: GameStatus,
      totalExposure: Type.Number({ description: 'dollars: potential payouts of pending bets on the game' }),
      outcomes: Type.Object({ A: OutcomeExposure, B: OutcomeExposure, Draw: OutcomeExposure }),
      liabilityLimit: Type.Optional(
        Type.Number({
          description:
            'dollars: the liability limit per market and outcome of this game (MAX_LIABILITY, betting-008); an outcome without bets has all of it as headroom',
        }),
      ),
      markets: Type.Array(
        Type.Object({
          key: Type.String({ description: "the market's key (`1x2`, `ou_2.5`, `btts`…)" }),
          name: Type.String({ description: 'its name for this game ("Total Goals 2.5")' }),
          betCount: Type.Integer(),
          totalStake: Dollars,
          totalPotentialPayout: Dollars,
          liability: Type.Number({ description: "dollars: what the market's worst outcome would pay out" }),
          liabilityLimit: Type.Optional(
            Type.Number({
              description:
                'dollars: the liability limit of each outcome (MAX_LIABILITY, per game, market and outcome)',
            }),
          ),
          headroom: Type.Optional(
            Type.Number({
              description: 'dollars: the smallest headroom of its outcomes (the one closest to the limit)',
            }),
          ),
          outcomes: Type.Array(
            Type.Object({
              outcome: Type.String(),
              label: Type.String({ description: 'what a player reads ("Over 2.5", "BTTS Yes")' }),
              betCount: Type.Integer(),
              totalStake: Dollars,
              totalPotentialPayout: Dollars,
              liabilityLimit: Type.Optional(
                Type.Number({ description: 'dollars: the liability limit of this outcome' }),
              ),
              headroom: Type.Optional(
                Type.Number({
                  description:
                    'dollars: what it may still pay out before a bet on it is refused: the limit less what every bet not yet settled on it would pay (pending or awaiting payment), never below 0',
                }),
              ),
            }),
          ),
        }),
        {
          description:
            'Issue 32: every market with pending bets, in catalogue order, each with all its outcomes (Correct Score: the scores bet on)',
        },
      ),
    }),
  },
  { description: "Pending bets' exposure on one game per outcome and per market (a multi counts in full)" },
);

export const RiskOverviewAnswer = Type.Object({
  totalExposure: Type.Number({ description: 'dollars: potential payouts of every pending bet, each once' }),
  highRiskGamesCount: Type.Integer(),
  highRiskThreshold: Dollars,
  topExposedGames: Type.Array(
    Type.Object({
      _id: Type.String({ description: "the game's id (the spec's screen uses it)" }),
      gameId: Type.String({ description: 'the same value as _id' }),
      gameDetails: Nullable(GameDetails, 'null for a game this service never heard of'),
      status: Nullable(GameStatus),
      totalPotentialPayout: Dollars,
      isHighRisk: Type.Boolean(),
      odds: Nullable(Prices),
    }),
  ),
});
