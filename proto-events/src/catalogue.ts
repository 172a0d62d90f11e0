import { Type } from '@sinclair/typebox';
import {
  Cents,
  Game,
  Id,
  Limits,
  Odds,
  OddsHundredths,
  Outcome,
  Protection,
  Role,
  Scores,
  Timestamp,
} from './common';
import { defineCommand, defineEvent, type EventDefinition } from './define';
import { WALLET_TX_TYPES } from './ledger';
import { MarketKey, MarketOdds, OutcomeCode } from './markets';

const U = '5f1d7f0c9b1e8a3d4c2b1a00';
const G = '5f1d7f0c9b1e8a3d4c2b1a01';
const B = '5f1d7f0c9b1e8a3d4c2b1a02';
const T = '5f1d7f0c9b1e8a3d4c2b1a03';
const W = '5f1d7f0c9b1e8a3d4c2b1a04';
const NOW = '2026-11-21T12:00:00.000Z';
const exampleGame = {
  _id: G,
  homeTeam: 'Enyimba',
  awayTeam: 'Rivers United',
  homeTeamLogo: null,
  awayTeamLogo: null,
  league: 'Nigeria Premier Football League',
  matchDate: NOW,
  status: 'upcoming' as const,
  scores: { home: 0, away: 0 },
  elapsedTime: null,
  odds: { home: 2.1, draw: 3.2, away: 3.6 },
  result: null,
};
const exampleMarkets = {
  '1x2': { A: 210, Draw: 320, B: 360 },
  'ou_2.5': { over: 195, under: 185 },
  btts: { yes: 180, no: 198 },
};

// ── identity ──────────────────────────────────────────────────────────────
export const UserRegistered = defineEvent({
  subject: 'user.registered',
  version: 1,
  owner: 'identity',
  consumers: ['admin', 'betting', 'wallet'],
  description: 'A new account exists (email/password or social sign-in).',
  schema: Type.Object({
    userId: Id,
    username: Type.String(),
    email: Type.String(),
    firstName: Type.String(),
    lastName: Type.String(),
    role: Role,
    createdAt: Timestamp,
  }),
  example: {
    userId: U,
    username: 'ada',
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Obi',
    role: 'user',
    createdAt: NOW,
  },
});

export const UserUpdated = defineEvent({
  subject: 'user.updated',
  version: 1,
  owner: 'identity',
  consumers: ['admin', 'betting', 'wallet'],
  description: 'Profile, email or responsible-gambling limits changed. Carries the whole public picture.',
  schema: Type.Object({
    userId: Id,
    username: Type.String(),
    email: Type.String(),
    firstName: Type.String(),
    lastName: Type.String(),
    state: Type.Union([Type.String(), Type.Null()]),
    profilePicture: Type.Union([Type.String(), Type.Null()]),
    limits: Limits,
    /** additive: time-out / self-exclusion and deposit limits, which betting and the wallet enforce */
    protection: Type.Optional(Protection),
  }),
  example: {
    userId: U,
    username: 'ada',
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Obi',
    state: 'Lagos',
    profilePicture: null,
    limits: {
      weeklyBetCount: { limit: 10 },
      weeklyStakeAmount: { limit: 100, pending: { value: 200, effectiveAt: NOW } },
    },
    protection: {
      exclusion: { kind: 'time_out', startedAt: NOW, until: '2026-11-28T12:00:00.000Z' },
      depositLimits: { daily: { limit: 50 }, weekly: { limit: 0 }, monthly: { limit: 500 } },
      realityCheckMinutes: 30,
    },
  },
});

export const UserRoleChanged = defineEvent({
  subject: 'user.role_changed',
  version: 1,
  owner: 'identity',
  consumers: ['admin', 'gateway'],
  description: 'An admin promoted or demoted a user.',
  schema: Type.Object({ userId: Id, role: Role, changedBy: Id }),
  example: { userId: U, role: 'admin', changedBy: T },
});

export const UserDeleted = defineEvent({
  subject: 'user.deleted',
  version: 1,
  owner: 'identity',
  consumers: ['admin', 'betting', 'gateway', 'wallet'],
  description: 'An account was closed and anonymised; money and bet records are kept.',
  schema: Type.Object({ userId: Id, deletedBy: Type.Union([Id, Type.Null()]) }),
  example: { userId: U, deletedBy: T },
});

export const UserSessionsRevoked = defineEvent({
  subject: 'user.sessions_revoked',
  version: 1,
  owner: 'identity',
  consumers: ['gateway', 'identity'],
  description:
    'Access tokens stopped working before their expiry: one session (sessionId) or every token of the user minted at or before revokedAt (sessionId null). Sockets of those sessions are dropped.',
  schema: Type.Object({
    userId: Id,
    sessionId: Type.Union([Id, Type.Null()]),
    /** epoch milliseconds */
    revokedAt: Type.Integer({ minimum: 0 }),
    reason: Type.Union(
      ['logout', 'refresh_reuse', 'password_changed', 'password_reset', 'role_changed', 'account_closed'].map(
        (r) => Type.Literal(r),
      ),
    ),
  }),
  example: { userId: U, sessionId: null, revokedAt: 1767225600000, reason: 'role_changed' },
});

export const UserPresence = defineEvent({
  subject: 'user.presence',
  version: 1,
  owner: 'identity',
  consumers: ['admin', 'gateway'],
  description: 'A user came online or went offline (from the socket connection).',
  schema: Type.Object({ userId: Id, isOnline: Type.Boolean(), lastSeen: Timestamp }),
  example: { userId: U, isOnline: true, lastSeen: NOW },
});

// ── wallet ────────────────────────────────────────────────────────────────
const TxType = Type.Union(WALLET_TX_TYPES.map((t) => Type.Literal(t)));

export const WalletTransactionPosted = defineEvent({
  subject: 'wallet.transaction_posted',
  version: 1,
  owner: 'wallet',
  consumers: ['admin', 'gateway'],
  description: "A balanced ledger transaction touched a user's wallet.",
  schema: Type.Object({
    transactionId: Id,
    userId: Id,
    type: TxType,
    amountCents: Cents,
    balanceAfterCents: Cents,
    reference: Type.String(),
    description: Type.String(),
    createdAt: Timestamp,
  }),
  example: {
    transactionId: T,
    userId: U,
    type: 'bet',
    amountCents: -1000,
    balanceAfterCents: 9000,
    reference: `bet:${B}`,
    description: 'Single bet',
    createdAt: NOW,
  },
});

export const WalletDepositCompleted = defineEvent({
  subject: 'wallet.deposit_completed',
  version: 1,
  owner: 'wallet',
  consumers: [],
  description: 'A card deposit was confirmed by the provider and credited.',
  schema: Type.Object({
    depositId: Id,
    userId: Id,
    provider: Type.String(),
    amountKobo: Type.Integer(),
    amountCents: Cents,
    reference: Type.String(),
  }),
  example: {
    depositId: W,
    userId: U,
    provider: 'sandbox',
    amountKobo: 1_500_000,
    amountCents: 1000,
    reference: 'dep_123',
  },
});

export const WalletWithdrawalRequested = defineEvent({
  subject: 'wallet.withdrawal_requested',
  version: 1,
  owner: 'wallet',
  consumers: ['gateway'],
  description: 'A player asked to withdraw; the amount is held.',
  schema: Type.Object({ withdrawalId: Id, userId: Id, amountCents: Cents }),
  example: { withdrawalId: W, userId: U, amountCents: 5000 },
});

export const WalletWithdrawalProcessed = defineEvent({
  subject: 'wallet.withdrawal_processed',
  version: 1,
  owner: 'wallet',
  consumers: ['admin', 'gateway'],
  description: 'An admin approved (paid out) or rejected (released the hold) a withdrawal.',
  schema: Type.Object({
    withdrawalId: Id,
    userId: Id,
    amountCents: Cents,
    status: Type.Union([Type.Literal('approved'), Type.Literal('rejected')]),
    adminNotes: Type.String(),
    processedBy: Id,
  }),
  example: {
    withdrawalId: W,
    userId: U,
    amountCents: 5000,
    status: 'approved',
    adminNotes: 'Request approved by admin.',
    processedBy: T,
  },
});

// ── games ─────────────────────────────────────────────────────────────────
export const GamesCreated = defineEvent({
  subject: 'games.created',
  version: 1,
  owner: 'games',
  consumers: ['admin', 'ai', 'betting', 'gateway'],
  description: 'A game entered the catalogue (admin, simulator or provider sync).',
  schema: Type.Object({
    game: Game,
    /** additive: every market's price in hundredths (absent: only 1X2 is offered) */
    markets: Type.Optional(MarketOdds),
  }),
  example: { game: exampleGame, markets: exampleMarkets },
});

export const GamesUpdated = defineEvent({
  subject: 'games.updated',
  version: 1,
  owner: 'games',
  consumers: ['admin', 'ai', 'betting', 'gateway'],
  description: 'Anything about a game changed: status, score, minute, teams, date.',
  schema: Type.Object({ game: Game }),
  example: { game: { ...exampleGame, status: 'live', elapsedTime: 12 } },
});

export const GamesOddsChanged = defineEvent({
  subject: 'games.odds_changed',
  version: 1,
  owner: 'games',
  consumers: ['ai', 'betting', 'gateway'],
  description:
    'New prices: the 1X2 odds and, additively, every other market in hundredths (absent or null: only 1X2 is offered now); live is true for in-play prices; suspendedUntil (additive): no bet is taken on the game before then; suspendedMarkets (additive): the markets an admin suspended (absent: none), which take no bet until reopened.',
  schema: Type.Object({
    gameId: Id,
    odds: Odds,
    live: Type.Boolean(),
    markets: Type.Optional(Type.Union([MarketOdds, Type.Null()])),
    /** additive: every market of the game is suspended until then (a goal, a red card, a penalty) */
    suspendedUntil: Type.Optional(Timestamp),
    /** additive: markets an admin suspended (issue 32 item 7); each announcement says them all, absent: none */
    suspendedMarkets: Type.Optional(Type.Array(MarketKey, { maxItems: 64 })),
  }),
  example: { gameId: G, odds: { home: 1.8, draw: 3.4, away: 4.5 }, live: true, markets: exampleMarkets },
});

export const GamesSettled = defineEvent({
  subject: 'games.settled',
  version: 1,
  owner: 'games',
  consumers: ['admin', 'ai', 'betting', 'gateway'],
  description: 'The final result of a game. Published once per game; corrections use games.result_corrected.',
  schema: Type.Object({
    gameId: Id,
    result: Outcome,
    scores: Scores,
    /** additive: the score at half time, when one was recorded (half-time markets are void without it) */
    htScores: Type.Optional(Scores),
    settledAt: Timestamp,
  }),
  example: {
    gameId: G,
    result: 'A',
    scores: { home: 2, away: 1 },
    htScores: { home: 1, away: 1 },
    settledAt: NOW,
  },
});

export const GamesResultCorrected = defineEvent({
  subject: 'games.result_corrected',
  version: 1,
  owner: 'games',
  consumers: ['ai', 'betting', 'gateway'],
  description:
    'An admin corrected the result of a settled game; bets are re-settled with compensating movements.',
  schema: Type.Object({
    gameId: Id,
    previousResult: Outcome,
    result: Outcome,
    scores: Scores,
    /** additive: the half-time score in force after the correction, when one is known */
    htScores: Type.Optional(Scores),
    correctedAt: Timestamp,
    correctedBy: Id,
  }),
  example: {
    gameId: G,
    previousResult: 'A',
    result: 'Draw',
    scores: { home: 1, away: 1 },
    correctedAt: NOW,
    correctedBy: T,
  },
});

export const GamesCancelled = defineEvent({
  subject: 'games.cancelled',
  version: 1,
  owner: 'games',
  consumers: ['admin', 'ai', 'betting'],
  description: 'A game will not be played; its legs are void.',
  schema: Type.Object({ gameId: Id, cancelledAt: Timestamp }),
  example: { gameId: G, cancelledAt: NOW },
});

export const GamesAdminAction = defineEvent({
  subject: 'games.admin_action',
  version: 1,
  owner: 'games',
  consumers: ['admin'],
  description:
    "An admin changed the catalogue (create, edit, result, cancel, odds, rankings, sync): who, what, when, before and after, for the admin service's audit log.",
  schema: Type.Object({
    actorId: Type.String({ minLength: 1 }),
    actorName: Type.Union([Type.String(), Type.Null()]),
    action: Type.String({ minLength: 1 }),
    entity: Type.String({ minLength: 1 }),
    entityId: Type.String(),
    before: Type.Unknown(),
    after: Type.Unknown(),
    at: Timestamp,
  }),
  example: {
    actorId: T,
    actorName: 'boss',
    action: 'game.cancel',
    entity: 'game',
    entityId: G,
    before: { status: 'upcoming' },
    after: { status: 'cancelled' },
    at: NOW,
  },
});

// ── betting ───────────────────────────────────────────────────────────────
/** a leg: `market` absent is 1X2 (outcome A / Draw / B, as the spec has it) */
const Selection = Type.Object({
  gameId: Id,
  market: Type.Optional(MarketKey),
  outcome: OutcomeCode,
  oddsHundredths: OddsHundredths,
});

export const BetsPlaced = defineEvent({
  subject: 'bets.placed',
  version: 1,
  owner: 'betting',
  consumers: ['admin', 'ai', 'games'],
  description: 'A bet was accepted after its stake was debited.',
  schema: Type.Object({
    betId: Id,
    userId: Id,
    betType: Type.Union([Type.Literal('single'), Type.Literal('multi')]),
    stakeCents: Cents,
    totalOddsHundredths: Type.Integer(),
    potentialPayoutCents: Cents,
    selections: Type.Array(Selection, { minItems: 1, maxItems: 10 }),
    /** issue 33 (decision betting-009): the odds boost or accumulator bonus promotion the bet uses (its uptake) */
    promotionId: Type.Optional(Id),
    placedAt: Timestamp,
  }),
  example: {
    betId: B,
    userId: U,
    betType: 'single',
    stakeCents: 1000,
    totalOddsHundredths: 210,
    potentialPayoutCents: 2100,
    selections: [{ gameId: G, outcome: 'A', oddsHundredths: 210 }],
    placedAt: NOW,
  },
});

export const BetsSettled = defineEvent({
  subject: 'bets.settled',
  version: 1,
  owner: 'betting',
  consumers: ['admin', 'ai', 'gateway', 'wallet'],
  description:
    'A bet was won or lost. The wallet credits payoutCents (0 for a loss). correction is set on a re-settlement. oddsHundredths and freeBetCents are what bonus wagering needs (decision wallet-008); events sent before them have neither.',
  schema: Type.Object({
    betId: Id,
    userId: Id,
    status: Type.Union([Type.Literal('won'), Type.Literal('lost')]),
    stakeCents: Cents,
    payoutCents: Cents,
    /** on a correction: what the wallet must move now (may be negative) */
    adjustmentCents: Type.Optional(Cents),
    correction: Type.Optional(Type.Integer({ minimum: 1 })),
    /**
     * the bet's odds as settled: the product of its legs' odds with void and pushed legs at
     * 1.00 (a lost bet: as placed, less its void legs), rounded down; what a bonus's minimum
     * odds are checked against
     */
    oddsHundredths: Type.Optional(Type.Integer({ minimum: 100 })),
    /** the part of the stake a free-bet token paid (not the player's money: never returned, never wagering) */
    freeBetCents: Type.Optional(Type.Integer({ minimum: 0 })),
    /**
     * issue 33 (decision betting-009): the part of payoutCents that is an accumulator bonus
     * (the wallet pays it from the promotions account as its own line, type acca_bonus). Said in
     * every result of a bet with a bonus, 0 included (betting-010): a correction moves the
     * bonus's difference against the promotions account and the rest against the house
     */
    accaBonusCents: Type.Optional(Type.Integer({ minimum: 0 })),
    /** the odds boost or accumulator bonus promotion of the bet, and what it cost in this result (the whole figure, not a difference) */
    promotionId: Type.Optional(Id),
    promotionCostCents: Type.Optional(Type.Integer({ minimum: 0 })),
    settledAt: Timestamp,
  }),
  example: {
    betId: B,
    userId: U,
    status: 'won',
    stakeCents: 1000,
    payoutCents: 2100,
    oddsHundredths: 210,
    settledAt: NOW,
  },
});

export const BetsVoided = defineEvent({
  subject: 'bets.voided',
  version: 1,
  owner: 'betting',
  consumers: ['admin', 'ai', 'gateway', 'wallet'],
  description: 'Every leg of a bet was void (cancelled games); the stake is refunded.',
  schema: Type.Object({
    betId: Id,
    userId: Id,
    refundCents: Cents,
    reason: Type.String(),
    /** issue 33: the part of the refund a free-bet token paid (the wallet gives the token back, not cash) */
    freeBetCents: Type.Optional(Type.Integer({ minimum: 0 })),
    voidedAt: Timestamp,
  }),
  example: { betId: B, userId: U, refundCents: 1000, reason: 'Game cancelled', voidedAt: NOW },
});

export const BetsCashedOut = defineEvent({
  subject: 'bets.cashed_out',
  version: 1,
  owner: 'betting',
  consumers: ['admin', 'ai', 'wallet'],
  description: 'A player cashed out a live single; the wallet credits amountCents.',
  schema: Type.Object({
    betId: Id,
    userId: Id,
    stakeCents: Cents,
    amountCents: Cents,
    cashedOutAt: Timestamp,
  }),
  example: { betId: B, userId: U, stakeCents: 1000, amountCents: 1450, cashedOutAt: NOW },
});

// ── aviator ───────────────────────────────────────────────────────────────
export const AviatorState = defineEvent({
  subject: 'aviator.state',
  version: 1,
  owner: 'aviator',
  consumers: ['gateway'],
  delivery: 'transient',
  description: 'Round state changed (waiting, betting, running, crashed).',
  schema: Type.Object({
    state: Type.Union(['waiting', 'betting', 'running', 'crashed'].map((s) => Type.Literal(s))),
    multiplier: Type.Number(),
    publicHash: Type.Optional(Type.String()),
    roundId: Type.Optional(Id),
    bettingEndsAt: Type.Optional(Timestamp),
    /** lift-off (running): clients draw m(t) = e^(0.00006·t) from it on the server's clock */
    startedAt: Type.Optional(Timestamp),
    /** the server's clock when sent (ms since the epoch): clients correct their own by it */
    serverTime: Type.Optional(Type.Number()),
  }),
  example: {
    state: 'betting',
    multiplier: 1,
    publicHash: 'ab'.repeat(32),
    roundId: G,
    serverTime: 1795262400000,
  },
});

export const AviatorTick = defineEvent({
  subject: 'aviator.tick',
  version: 1,
  owner: 'aviator',
  consumers: ['gateway'],
  delivery: 'transient',
  description: 'The multiplier of the running round.',
  schema: Type.Object({
    multiplier: Type.Number(),
    roundId: Type.Optional(Id),
    /** the server's clock at the tick (ms since the epoch) */
    serverTime: Type.Optional(Type.Number()),
  }),
  example: { multiplier: 1.37, roundId: G, serverTime: 1795262400000 },
});

export const AviatorCrash = defineEvent({
  subject: 'aviator.crash',
  version: 1,
  owner: 'aviator',
  consumers: ['gateway'],
  delivery: 'transient',
  description: 'The round crashed at this multiplier; the hash reveals its seed.',
  schema: Type.Object({
    multiplier: Type.Number(),
    hash: Type.Optional(Type.String()),
    roundId: Type.Optional(Id),
    serverTime: Type.Optional(Type.Number()),
  }),
  example: { multiplier: 2.44, hash: 'cd'.repeat(32), roundId: G, serverTime: 1795262400000 },
});

/**
 * One bet of the round as everyone sees it in the "All bets" list, when it changes: placed
 * (flying), cashed out, or given back before lift-off. Screens merge it into the round's list
 * by betId, so the list is live without polling GET /aviator/state.
 */
export const AviatorBetUpdated = defineEvent({
  subject: 'aviator.bet',
  version: 1,
  owner: 'aviator',
  consumers: ['gateway'],
  delivery: 'transient',
  description: 'A bet of the round was placed, cashed out or withdrawn (the public "All bets" entry).',
  schema: Type.Object({
    roundId: Id,
    betId: Id,
    username: Type.String(),
    panel: Type.Integer({ minimum: 1, maximum: 2 }),
    stakeCents: Cents,
    status: Type.Union(['active', 'cashed_out', 'cancelled'].map((s) => Type.Literal(s))),
    /** hundredths, once cashed out */
    cashedOutAtHundredths: Type.Union([Type.Integer({ minimum: 100 }), Type.Null()]),
    payoutCents: Type.Union([Cents, Type.Null()]),
  }),
  example: {
    roundId: G,
    betId: B,
    username: 'demo',
    panel: 1,
    stakeCents: 1000,
    status: 'cashed_out',
    cashedOutAtHundredths: 244,
    payoutCents: 2440,
  },
});

export const AviatorRoundSettled = defineEvent({
  subject: 'aviator.round_settled',
  version: 1,
  owner: 'aviator',
  consumers: [],
  description: 'A round is over and every bet in it is paid or lost.',
  schema: Type.Object({
    roundId: Id,
    crashPointHundredths: Type.Integer({ minimum: 100 }),
    hash: Type.String(),
    bets: Type.Integer({ minimum: 0 }),
    stakedCents: Cents,
    paidCents: Cents,
    settledAt: Timestamp,
  }),
  example: {
    roundId: G,
    crashPointHundredths: 244,
    hash: 'cd'.repeat(32),
    bets: 3,
    stakedCents: 3000,
    paidCents: 2440,
    settledAt: NOW,
  },
});

/** The wallet credits payoutCents with idempotency key `aviator_win:<betId>` (the key an aviator WalletCredit must use too). */
export const AviatorCashedOut = defineEvent({
  subject: 'aviator.cashed_out',
  version: 1,
  owner: 'aviator',
  consumers: ['wallet'],
  description:
    'A player cashed out an Aviator bet before the crash; the wallet pays payoutCents (once, whether or not a WalletCredit already did).',
  schema: Type.Object({
    betId: Id,
    roundId: Id,
    userId: Id,
    stakeCents: Cents,
    multiplierHundredths: Type.Integer({ minimum: 100 }),
    payoutCents: Cents,
    cashedOutAt: Timestamp,
  }),
  example: {
    betId: B,
    roundId: G,
    userId: U,
    stakeCents: 1000,
    multiplierHundredths: 244,
    payoutCents: 2440,
    cashedOutAt: NOW,
  },
});

/** The wallet moves the stake held under the bet id from bets-in-play to the house. */
export const AviatorBetLost = defineEvent({
  subject: 'aviator.bet_lost',
  version: 1,
  owner: 'aviator',
  consumers: ['wallet'],
  description: 'An Aviator bet was still in the air when the round crashed; its stake is lost.',
  schema: Type.Object({
    betId: Id,
    roundId: Id,
    userId: Id,
    stakeCents: Cents,
    crashPointHundredths: Type.Integer({ minimum: 100 }),
    settledAt: Timestamp,
  }),
  example: { betId: B, roundId: G, userId: U, stakeCents: 1000, crashPointHundredths: 137, settledAt: NOW },
});

// ── promotions ────────────────────────────────────────────────────────────
/**
 * What a promotion pays (issue 33, decision wallet-007): optional on a promotion, one shape per
 * kind; amounts in dollars and odds as decimals, like every public call. `Bonus` promotions
 * carry a deposit match or an accumulator bonus, `FreeBet` a free bet, `OddsBoost` a boost.
 */
const RuleOdds = Type.Number({ minimum: 1.01, maximum: 1000 });
// whole cents are checked where the amount is turned into cents (a float multipleOf would refuse 19.99)
const RuleDollars = Type.Number({ exclusiveMinimum: 0, maximum: 1_000_000 });
const RuleDays = Type.Integer({ minimum: 1, maximum: 365 });
export const DepositMatchRules = Type.Object(
  {
    kind: Type.Literal('deposit_match'),
    /** percent of the deposit matched */
    percent: Type.Integer({ minimum: 1, maximum: 1000 }),
    /** the most one deposit earns, dollars */
    cap: RuleDollars,
    /** wagering required = bonus × this */
    wagering: Type.Integer({ minimum: 0, maximum: 100 }),
    /** a stake counts towards wagering at these odds or more */
    minOdds: RuleOdds,
    /** the bonus expires this many days after it is granted */
    expiresInDays: RuleDays,
    /** match only the first deposit after the claim (else every deposit while on offer) */
    firstDepositOnly: Type.Boolean(),
  },
  { additionalProperties: false },
);
export const AccaBonusRules = Type.Object(
  {
    kind: Type.Literal('acca_bonus'),
    /** payout bonus percent by number of legs, e.g. {legs: 3, percent: 3} … {legs: 20, percent: 100} */
    tiers: Type.Array(
      Type.Object(
        {
          legs: Type.Integer({ minimum: 2, maximum: 30 }),
          percent: Type.Number({ minimum: 0.01, maximum: 1000 }),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 30 },
    ),
    minOddsPerLeg: RuleOdds,
  },
  { additionalProperties: false },
);
export const FreeBetRules = Type.Object(
  {
    kind: Type.Literal('free_bet'),
    /** the token's fixed stake, dollars (not returned on a win) */
    amount: RuleDollars,
    minOdds: RuleOdds,
    leagues: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 50 })),
    markets: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 50 })),
    expiresInDays: RuleDays,
  },
  { additionalProperties: false },
);
export const OddsBoostRules = Type.Object(
  {
    kind: Type.Literal('odds_boost'),
    gameId: Id,
    market: Type.String({ minLength: 1, maxLength: 100 }),
    outcome: Type.String({ minLength: 1, maxLength: 100 }),
    /** either a boosted price or a percent boost of the current price */
    boostedOdds: Type.Optional(RuleOdds),
    boostPercent: Type.Optional(Type.Number({ minimum: 0.01, maximum: 1000 })),
    maxStake: RuleDollars,
  },
  { additionalProperties: false },
);
export const PromotionRules = Type.Union([DepositMatchRules, AccaBonusRules, FreeBetRules, OddsBoostRules]);
/** Which rule kinds each of the spec's promotion types may carry. */
export const RULE_KINDS_BY_PROMO_TYPE = {
  Bonus: ['deposit_match', 'acca_bonus'],
  FreeBet: ['free_bet'],
  OddsBoost: ['odds_boost'],
} as const;

const Promotion = Type.Object({
  _id: Id,
  title: Type.String(),
  description: Type.String(),
  promoType: Type.Union([Type.Literal('Bonus'), Type.Literal('FreeBet'), Type.Literal('OddsBoost')]),
  isActive: Type.Boolean(),
  expiresAt: Type.Union([Timestamp, Type.Null()]),
  rules: Type.Optional(PromotionRules),
});
const examplePromotion = {
  _id: W,
  title: 'Weekend boost',
  description: '10% more on multis',
  promoType: 'OddsBoost' as const,
  isActive: true,
  expiresAt: null,
};
export const AdminFiguresChanged = defineEvent({
  subject: 'admin.figures_changed',
  version: 1,
  owner: 'admin',
  consumers: ['gateway'],
  description:
    "The dashboard's figures moved (announced at most every ADMIN_FIGURES_PUSH_MS, only when they changed): the gateway pushes them to the admins' sockets so the dashboard never polls.",
  schema: Type.Object({
    stats: Type.Object({
      totalUsers: Type.Integer({ minimum: 0 }),
      totalBets: Type.Integer({ minimum: 0 }),
      totalGames: Type.Integer({ minimum: 0 }),
      upcomingGames: Type.Integer({ minimum: 0 }),
    }),
    financial: Type.Object({
      totalStakes: Type.Object({ amount: Type.Number() }),
      totalPayoutsToUsers: Type.Object({ amount: Type.Number() }),
      platformRevenue: Type.Object({ amount: Type.Number() }),
      // added with issue 34 (optional: an older admin replica announces without them)
      totalDeposits: Type.Optional(Type.Object({ amount: Type.Number() })),
      totalWithdrawals: Type.Optional(Type.Object({ amount: Type.Number() })),
      aviatorRevenue: Type.Optional(Type.Object({ amount: Type.Number() })),
    }),
    at: Timestamp,
  }),
  example: {
    stats: { totalUsers: 120, totalBets: 3400, totalGames: 180, upcomingGames: 60 },
    financial: {
      totalStakes: { amount: 15230.5 },
      totalPayoutsToUsers: { amount: 13990 },
      platformRevenue: { amount: 1240.5 },
      totalDeposits: { amount: 52000 },
      totalWithdrawals: { amount: 18000 },
      aviatorRevenue: { amount: 310.25 },
    },
    at: NOW,
  },
});

export const PromotionCreated = defineEvent({
  subject: 'promotion.created',
  version: 1,
  owner: 'admin',
  consumers: ['betting'],
  description: 'A promotion was created.',
  schema: Type.Object({ promotion: Promotion }),
  example: { promotion: examplePromotion },
});
export const PromotionUpdated = defineEvent({
  subject: 'promotion.updated',
  version: 1,
  owner: 'admin',
  consumers: ['betting'],
  description: 'A promotion changed.',
  schema: Type.Object({ promotion: Promotion }),
  example: { promotion: examplePromotion },
});
export const PromotionDeleted = defineEvent({
  subject: 'promotion.deleted',
  version: 1,
  owner: 'admin',
  consumers: ['betting'],
  description: 'A promotion was deleted.',
  schema: Type.Object({ promotionId: Id }),
  example: { promotionId: W },
});

// ── commands (request/reply) ──────────────────────────────────────────────
const MoneyReply = Type.Union([
  Type.Object({ ok: Type.Literal(true), transactionId: Id, balanceCents: Cents, duplicate: Type.Boolean() }),
  Type.Object({
    ok: Type.Literal(false),
    reason: Type.Union([
      Type.Literal('insufficient_funds'),
      Type.Literal('unknown_account'),
      Type.Literal('invalid'),
      // issue 33: the free-bet token named cannot pay this stake (msg says why)
      Type.Literal('free_bet_unavailable'),
    ]),
    msg: Type.String(),
    balanceCents: Type.Optional(Cents),
  }),
]);

export const WalletDebit = defineCommand({
  subject: 'wallet.debit',
  owner: 'wallet',
  description:
    'Take a stake from a user wallet into bets-in-play. Idempotent on idempotencyKey. Singles placed together are one debit (all or none) whose stake is held per bet: `holds` splits amountCents among the bet ids that settle it (absent: one hold under `reference`).',
  request: Type.Object({
    idempotencyKey: Type.String({ minLength: 1 }),
    userId: Id,
    amountCents: Type.Integer({ minimum: 1 }),
    type: Type.Union([Type.Literal('bet'), Type.Literal('aviator_bet')]),
    reference: Type.String(),
    description: Type.String(),
    /**
     * optional (issue 33, decision wallet-008): a free-bet token pays the stake instead of the
     * wallet; then oddsHundredths (the bet's total odds) is checked against the token's minimum
     */
    freeBetId: Type.Optional(Id),
    oddsHundredths: Type.Optional(Type.Integer({ minimum: 100 })),
    /** optional (added for singles sets): the held stake per settling reference; sums to amountCents */
    holds: Type.Optional(
      Type.Array(Type.Object({ reference: Type.String(), amountCents: Type.Integer({ minimum: 1 }) }), {
        minItems: 1,
        maxItems: 10,
      }),
    ),
  }),
  reply: MoneyReply,
  example: {
    request: {
      idempotencyKey: `bet:${B}`,
      userId: U,
      amountCents: 1000,
      type: 'bet',
      reference: B,
      description: 'Single bet',
    },
    reply: { ok: true, transactionId: T, balanceCents: 9000, duplicate: false },
  },
});

export const WalletCredit = defineCommand({
  subject: 'wallet.credit',
  owner: 'wallet',
  description:
    'Pay a user from bets-in-play (win, refund, cash-out, aviator win). Idempotent on idempotencyKey.',
  request: Type.Object({
    idempotencyKey: Type.String({ minLength: 1 }),
    userId: Id,
    amountCents: Type.Integer({ minimum: 1 }),
    type: Type.Union(['win', 'refund', 'cashout', 'aviator_win'].map((t) => Type.Literal(t))),
    reference: Type.String(),
    description: Type.String(),
  }),
  reply: MoneyReply,
  example: {
    request: {
      idempotencyKey: `win:${B}`,
      userId: U,
      amountCents: 2100,
      type: 'win',
      reference: B,
      description: 'Bet won',
    },
    reply: { ok: true, transactionId: T, balanceCents: 11100, duplicate: false },
  },
});

export const WalletBalance = defineCommand({
  subject: 'wallet.balance',
  owner: 'wallet',
  description: "A user's current balance.",
  request: Type.Object({ userId: Id }),
  reply: Type.Object({
    userId: Id,
    balanceCents: Cents,
    /** money held for withdrawals still waiting for an admin (not in balanceCents) */
    pendingWithdrawalCents: Type.Optional(Cents),
  }),
  example: { request: { userId: U }, reply: { userId: U, balanceCents: 9000, pendingWithdrawalCents: 0 } },
});

const FreeBetNames = Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 50 });

/**
 * A player opts in to a promotion (issue 33, decision wallet-007): the admin service checks the
 * promotion, the wallet records the claim (one per player and promotion, refused while a
 * time-out or self-exclusion runs) with a snapshot of its rules. A deposit match then pays on
 * the player's next deposit.
 */
export const WalletBonusClaim = defineCommand({
  subject: 'wallet.bonus_claim',
  owner: 'wallet',
  description:
    "Record a player's claim of a promotion with its rules (cents, odds in thousandths). Idempotent on (userId, promotionId): a repeat answers the first claim with created false.",
  request: Type.Object({
    idempotencyKey: Type.String({ minLength: 1 }),
    userId: Id,
    promotionId: Id,
    rules: Type.Union([
      Type.Object({
        kind: Type.Literal('deposit_match'),
        percent: Type.Integer({ minimum: 1, maximum: 1000 }),
        capCents: Type.Integer({ minimum: 1 }),
        wageringMultiplier: Type.Integer({ minimum: 0, maximum: 100 }),
        minOddsMilli: Type.Integer({ minimum: 1000 }),
        expiresInDays: Type.Integer({ minimum: 1, maximum: 365 }),
        firstDepositOnly: Type.Boolean(),
      }),
      // issue 33, decision wallet-008: a free-bet token, issued at the claim
      Type.Object({
        kind: Type.Literal('free_bet'),
        amountCents: Type.Integer({ minimum: 1 }),
        minOddsMilli: Type.Integer({ minimum: 1000 }),
        expiresInDays: Type.Integer({ minimum: 1, maximum: 365 }),
        /** the promotion's eligible leagues and markets (absent: any), kept on the token (betting-010) */
        leagues: Type.Optional(FreeBetNames),
        markets: Type.Optional(FreeBetNames),
      }),
    ]),
    offerExpiresAt: Type.Union([Timestamp, Type.Null()]),
  }),
  reply: Type.Union([
    Type.Object({ ok: Type.Literal(true), claimId: Id, created: Type.Boolean() }),
    Type.Object({
      ok: Type.Literal(false),
      reason: Type.Union([Type.Literal('self_excluded'), Type.Literal('invalid')]),
      msg: Type.String(),
    }),
  ]),
  example: {
    request: {
      idempotencyKey: `bonus_claim:${W}:${U}`,
      userId: U,
      promotionId: W,
      rules: {
        kind: 'deposit_match',
        percent: 100,
        capCents: 10000,
        wageringMultiplier: 5,
        minOddsMilli: 1500,
        expiresInDays: 30,
        firstDepositOnly: true,
      },
      offerExpiresAt: null,
    },
    reply: { ok: true, claimId: B, created: true },
  },
});

/**
 * A free-bet token's terms (issue 33, decision betting-010): betting asks before it records a
 * free bet, so a pick outside the token's leagues, markets or minimum odds is refused by name
 * and nothing is recorded. Only the token's owner is answered (another player's: not found).
 */
export const WalletFreeBetTerms = defineCommand({
  subject: 'wallet.free_bet_terms',
  owner: 'wallet',
  description:
    "A free-bet token's terms for its owner: the promotion it came from, amount, minimum odds, eligible leagues and markets (empty: any), expiry and status. Read only.",
  request: Type.Object({ userId: Id, freeBetId: Id }),
  reply: Type.Union([
    Type.Object({
      ok: Type.Literal(true),
      promotionId: Id,
      amountCents: Type.Integer({ minimum: 1 }),
      minOddsMilli: Type.Integer({ minimum: 1000 }),
      leagues: Type.Array(Type.String()),
      markets: Type.Array(Type.String()),
      expiresAt: Timestamp,
      status: Type.Union([Type.Literal('active'), Type.Literal('used')]),
    }),
    Type.Object({
      ok: Type.Literal(false),
      reason: Type.Literal('free_bet_unavailable'),
      msg: Type.String(),
    }),
  ]),
  example: {
    request: { userId: U, freeBetId: B },
    reply: {
      ok: true,
      promotionId: W,
      amountCents: 1000,
      minOddsMilli: 1800,
      leagues: ['Premier League'],
      markets: ['1x2'],
      expiresAt: NOW,
      status: 'active',
    },
  },
});

/** Bonus money moved (issue 33): every grant, conversion and forfeiture, for the audit log. */
export const WalletBonusChanged = defineEvent({
  subject: 'wallet.bonus_changed',
  version: 1,
  owner: 'wallet',
  consumers: ['admin'],
  description: "A player's bonus was granted, turned into cash (wagering met) or forfeited (expired).",
  schema: Type.Object({
    userId: Id,
    promotionId: Id,
    grantId: Id,
    action: Type.Union([Type.Literal('granted'), Type.Literal('converted'), Type.Literal('forfeited')]),
    amountCents: Cents,
    transactionId: Type.Union([Id, Type.Null()]),
    at: Timestamp,
  }),
  example: {
    userId: U,
    promotionId: W,
    grantId: B,
    action: 'granted',
    amountCents: 10000,
    transactionId: G,
    at: NOW,
  },
});

export const IdentityPresence = defineCommand({
  subject: 'identity.presence',
  owner: 'identity',
  description:
    'The gateway reports a user online or offline; identity records last-seen and publishes user.presence.',
  request: Type.Object({ userId: Id, isOnline: Type.Boolean() }),
  reply: Type.Object({ ok: Type.Boolean() }),
  example: { request: { userId: U, isOnline: true }, reply: { ok: true } },
});

export const BettingOpenBets = defineCommand({
  subject: 'betting.open_bets',
  owner: 'betting',
  description:
    "How many of a user's bets are still pending (identity refuses to close an account that has any).",
  request: Type.Object({ userId: Id }),
  reply: Type.Object({ userId: Id, pendingBets: Type.Integer({ minimum: 0 }) }),
  example: { request: { userId: U }, reply: { userId: U, pendingBets: 0 } },
});

export const AviatorOpenBets = defineCommand({
  subject: 'aviator.open_bets',
  owner: 'aviator',
  description:
    "How many of a user's Aviator bets are not settled: stakes in the air, being placed, or refused with the stake not yet given back (identity refuses to close an account that has any).",
  request: Type.Object({ userId: Id }),
  reply: Type.Object({ userId: Id, openBets: Type.Integer({ minimum: 0 }) }),
  example: { request: { userId: U }, reply: { userId: U, openBets: 0 } },
});

/** The reply of a usage reservation: accepted, or refused with the limit's message. */
const ReserveReply = Type.Union([
  Type.Object({ ok: Type.Literal(true), duplicate: Type.Boolean() }),
  Type.Object({
    ok: Type.Literal(false),
    reason: Type.Union([
      Type.Literal('weekly_bet_count_limit'),
      Type.Literal('weekly_stake_limit'),
      Type.Literal('account_closed'),
      // additive: the player is on a time-out or self-exclusion
      Type.Literal('excluded'),
    ]),
    msg: Type.String(),
  }),
]);

export const BettingReserveStake = defineCommand({
  subject: 'betting.reserve_stake',
  owner: 'betting',
  description:
    "Count a stake placed outside the sportsbook (an Aviator bet) into the user's weekly bet-count and stake usage, after checking the responsible-gambling limits against the one usage count they share with sportsbook bets. Idempotent on reference.",
  request: Type.Object({
    reference: Type.String({ minLength: 1 }),
    userId: Id,
    username: Type.String(),
    stakeCents: Type.Integer({ minimum: 1 }),
    source: Type.Literal('aviator'),
  }),
  reply: ReserveReply,
  example: {
    request: { reference: B, userId: U, username: 'ada', stakeCents: 1000, source: 'aviator' },
    reply: { ok: true, duplicate: false },
  },
});

export const BettingReleaseStake = defineCommand({
  subject: 'betting.release_stake',
  owner: 'betting',
  description:
    'Take back a reserved stake whose bet was never accepted (the wallet refused the debit). Idempotent.',
  request: Type.Object({ reference: Type.String({ minLength: 1 }) }),
  reply: Type.Object({ ok: Type.Literal(true), released: Type.Boolean() }),
  example: { request: { reference: B }, reply: { ok: true, released: true } },
});

export const GamesGet = defineCommand({
  subject: 'games.get',
  owner: 'games',
  description:
    'The current state and public prices of up to 100 games (unknown ids are left out): for a service that must not act on a stale read model, or that is building one.',
  request: Type.Object({ gameIds: Type.Array(Id, { minItems: 1, maxItems: 100 }) }),
  reply: Type.Object({ games: Type.Array(Game) }),
  example: { request: { gameIds: [G] }, reply: { games: [exampleGame] } },
});

export const events = {
  UserRegistered,
  UserUpdated,
  UserRoleChanged,
  UserDeleted,
  UserSessionsRevoked,
  UserPresence,
  WalletTransactionPosted,
  WalletDepositCompleted,
  WalletWithdrawalRequested,
  WalletWithdrawalProcessed,
  GamesCreated,
  GamesUpdated,
  GamesOddsChanged,
  GamesSettled,
  GamesResultCorrected,
  GamesCancelled,
  GamesAdminAction,
  BetsPlaced,
  BetsSettled,
  BetsVoided,
  BetsCashedOut,
  AviatorState,
  AviatorTick,
  AviatorCrash,
  AviatorBetUpdated,
  AviatorRoundSettled,
  AviatorCashedOut,
  AviatorBetLost,
  PromotionCreated,
  PromotionUpdated,
  PromotionDeleted,
  AdminFiguresChanged,
  WalletBonusChanged,
};

export const commands = {
  WalletDebit,
  WalletCredit,
  WalletBalance,
  WalletBonusClaim,
  WalletFreeBetTerms,
  IdentityPresence,
  BettingOpenBets,
  BettingReserveStake,
  BettingReleaseStake,
  GamesGet,
  AviatorOpenBets,
};

/** helper types: `Ev<typeof GamesSettled>` is the payload type */
export const exampleIds = { user: U, game: G, bet: B, transaction: T, other: W };

/** Every event by its subject: for code that receives a subject at run time (bridges, test watchers). */
export const eventsBySubject: ReadonlyMap<string, EventDefinition> = new Map(
  Object.values(events).map((e): [string, EventDefinition] => [e.subject, e]),
);
