import { Type } from '@bet/kit';

/** What the routes answer (app/views.ts, app/placement.ts, app/cashout.ts), field by field. */

const Dollars = Type.Number({ description: 'dollars' });
const Multiplier = Type.Number({ description: 'a multiplier, e.g. 1.5 for 1.50x' });
const MaybeDollars = Type.Union([Dollars, Type.Null()]);
const MaybeMultiplier = Type.Union([Multiplier, Type.Null()]);
const MaybeString = Type.Union([Type.String(), Type.Null()]);
const MaybeDate = Type.Union([Type.String({ format: 'date-time' }), Type.Null()]);
const Panel = Type.Integer({ description: '1 or 2' });
const StoredState = Type.Union([Type.Literal('betting'), Type.Literal('running'), Type.Literal('crashed')]);
const BetStatus = Type.Union([Type.Literal('active'), Type.Literal('cashed_out'), Type.Literal('lost')]);

export const StateAnswer = Type.Object(
  {
    state: Type.Union([
      Type.Literal('waiting'),
      Type.Literal('betting'),
      Type.Literal('running'),
      Type.Literal('crashed'),
    ]),
    multiplier: Multiplier,
    roundId: MaybeString,
    roundNumber: Type.Union([Type.Integer(), Type.Null()]),
    publicHash: Type.Union([Type.String(), Type.Null()], {
      description:
        "the round's commitment: SHA-256 of its hash (revealed at the crash), i.e. the previous round's hash (the terminating hash for round 1); between rounds, the next round's",
    }),
    salt: MaybeString,
    bettingEndsAt: MaybeDate,
    startedAt: MaybeDate,
    crashPoint: MaybeMultiplier,
    hash: Type.Union([Type.String(), Type.Null()], {
      description: "the round's hash, published once it crashed",
    }),
    serverTime: Type.Number({ description: "the server's clock, milliseconds since the epoch" }),
    bets: Type.Array(
      Type.Object({
        betId: Type.String(),
        username: Type.String(),
        panel: Panel,
        stake: Dollars,
        status: BetStatus,
        cashedOutAt: MaybeMultiplier,
        payout: MaybeDollars,
      }),
    ),
    history: Type.Array(Type.Object({ roundId: Type.String(), crashPoint: Multiplier }), {
      description: 'the last crash points, newest first',
    }),
  },
  { description: 'The round now (null fields while waiting), its bets and the last crash points' },
);

export const HistoryAnswer = Type.Object({
  rounds: Type.Array(
    Type.Object({
      roundId: Type.String(),
      roundNumber: Type.Integer(),
      crashPoint: Multiplier,
      hash: Type.String(),
      startedAt: MaybeDate,
      crashedAt: MaybeDate,
      bets: Type.Integer({ description: 'how many bets the round took' }),
    }),
  ),
});

export const FairnessAnswer = Type.Object(
  {
    terminatingHash: MaybeString,
    salt: MaybeString,
    chainLength: Type.Union([Type.Integer(), Type.Null()]),
    houseEdge: Type.Number(),
    formula: Type.String(),
    chainRule: Type.String(),
  },
  { description: 'null chain fields while the hash chain is not ready yet' },
);

export const VerifyAnswer = Type.Object({
  roundId: Type.String(),
  roundNumber: Type.Integer(),
  hash: Type.String(),
  salt: Type.String(),
  sha256OfHash: Type.String(),
  previousHash: Type.Union([Type.String(), Type.Null()], {
    description: "the previous round's hash (round 1: the terminating hash); null when unknown",
  }),
  linksToPrevious: Type.Boolean(),
  crashPoint: Multiplier,
  recomputedCrashPoint: Multiplier,
  matches: Type.Boolean({ description: 'the recomputed crash point is the one the round had' }),
});

export const MyBetsAnswer = Type.Object({
  bets: Type.Array(
    Type.Object({
      betId: Type.String(),
      roundId: Type.String(),
      roundNumber: Type.Union([Type.Integer(), Type.Null()], {
        description: 'null while the bet is held for a round not open yet',
      }),
      panel: Panel,
      stake: Dollars,
      autoCashOut: MaybeMultiplier,
      status: BetStatus,
      cashedOutAt: MaybeMultiplier,
      payout: Type.Union([Dollars, Type.Null()], {
        description: 'null while the bet is in the air; 0 when lost',
      }),
      crashPoint: Type.Union([Multiplier, Type.Null()], { description: 'null until the round crashed' }),
      createdAt: Type.String({ format: 'date-time' }),
    }),
  ),
});

export const PlacedAnswer = Type.Object({
  msg: Type.String(),
  betId: Type.String(),
  roundId: Type.String(),
  panel: Panel,
  stake: Dollars,
  autoCashOut: MaybeMultiplier,
  nextRound: Type.Boolean({
    description:
      'true when placed during a flight: held for the next round (roundId), cancellable until it starts',
  }),
  balance: Type.Number({ description: "the wallet's balance in dollars right after the stake was taken" }),
});

export const CancelledAnswer = Type.Object({
  msg: Type.String(),
  betId: Type.String(),
  roundId: Type.String(),
  panel: Panel,
  stake: Dollars,
  balance: Type.Union([Dollars, Type.Null()], {
    description:
      "the wallet's balance after the stake came back; null when the wallet has not answered yet (the stake comes back shortly)",
  }),
});

export const CashedOutAnswer = Type.Object(
  {
    multiplier: Multiplier,
    payout: Type.Number({ description: 'dollars, every bet cashed out together' }),
    bets: Type.Array(
      Type.Object({ betId: Type.String(), panel: Panel, multiplier: Multiplier, payout: Dollars }),
    ),
  },
  { description: 'The multiplier of the first bet cashed out, the total paid, and each bet' },
);

const Totals = {
  totalStaked: Dollars,
  totalPaid: Dollars,
};

export const OverviewAnswer = Type.Object({
  current: Type.Union(
    [
      Type.Object({
        roundId: Type.String(),
        roundNumber: Type.Integer(),
        state: StoredState,
        bets: Type.Integer(),
        activeBets: Type.Integer(),
        ...Totals,
        houseResult: Type.Union([Dollars, Type.Null()], { description: 'null until the round crashed' }),
        exposure: Type.Number({ description: 'dollars the bets still in the air could take at most' }),
        capMultiplier: MaybeMultiplier,
      }),
      Type.Null(),
    ],
    { description: 'the latest round; null before the first' },
  ),
  limits: Type.Object({
    minStake: Dollars,
    maxStake: Dollars,
    maxWinPerBet: Dollars,
    maxPayoutPerRound: Dollars,
  }),
  recent: Type.Object(
    { rounds: Type.Integer(), ...Totals, houseResult: Dollars },
    { description: 'totals over the last 50 crashed rounds' },
  ),
  rounds: Type.Array(
    Type.Object({
      roundId: Type.String(),
      roundNumber: Type.Integer(),
      crashPoint: Multiplier,
      bets: Type.Integer(),
      ...Totals,
      houseResult: Dollars,
    }),
  ),
});

export const RoundDetailsAnswer = Type.Object({
  roundId: Type.String(),
  roundNumber: Type.Integer(),
  state: StoredState,
  publicHash: Type.String({
    description: "the round's commitment, SHA-256 of its hash, published before its bets",
  }),
  hash: Type.Union([Type.String(), Type.Null()], {
    description: "the round's hash (its seed), revealed at the crash; null before",
  }),
  salt: MaybeString,
  crashPoint: Type.Union([Multiplier, Type.Null()], { description: 'null until the round crashed' }),
  startedAt: MaybeDate,
  crashedAt: MaybeDate,
  bets: Type.Integer(),
  totalStaked: Dollars,
  totalPaid: Dollars,
  topCashOuts: Type.Array(
    Type.Object({ username: Type.String(), stake: Dollars, cashedOutAt: Multiplier, payout: Dollars }),
  ),
  verifyUrl: Type.Union([Type.String(), Type.Null()], {
    description: 'the call that recomputes the round from the chain; null until the round crashed',
  }),
});

export const TopAnswer = Type.Object({
  kind: Type.Union([Type.Literal('wins'), Type.Literal('multipliers')]),
  period: Type.Union([Type.Literal('day'), Type.Literal('month'), Type.Literal('year')]),
  bets: Type.Array(
    Type.Object({
      betId: Type.String(),
      roundId: Type.String(),
      roundNumber: Type.Integer(),
      username: Type.String(),
      stake: Dollars,
      cashedOutAt: Multiplier,
      payout: Dollars,
      crashPoint: Multiplier,
      at: MaybeDate,
    }),
  ),
});

export const LimitsAnswer = Type.Object({
  minStake: Dollars,
  maxStake: Dollars,
  maxWin: Type.Number({ description: 'dollars, the most one bet can win' }),
});
