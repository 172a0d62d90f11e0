import { ID_PATTERN, type TSchema, Type } from '@bet/kit';
import { PromotionRules } from '@bet/proto-events';

export const IdParams = Type.Object({ id: Type.String({ pattern: ID_PATTERN }) });

export const Amount = Type.Object({ amount: Type.Number() });

const PromoType = Type.Union([Type.Literal('Bonus'), Type.Literal('FreeBet'), Type.Literal('OddsBoost')]);

const PromotionFields = {
  _id: Type.String(),
  title: Type.String(),
  description: Type.String(),
  promoType: PromoType,
  isActive: Type.Boolean(),
  expiresAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  /** issue 33: what it pays; absent for a promotion that is only a card */
  rules: Type.Optional(PromotionRules),
};

export const PromotionJson = Type.Object(PromotionFields);

/** The back office's row (GET /promotions/all): the spec's promotion, its uptake and cost (issue 33). */
export const PromotionAdminJson = Type.Object({
  ...PromotionFields,
  uptake: Type.Optional(
    Type.Integer({
      description:
        'additive (issue 33): claims, plus bets placed with its odds boost or accumulator bonus (a free bet: its claim only)',
    }),
  ),
  cost: Type.Optional(
    Type.Number({
      description:
        'additive: dollars the promotion cost: bonus granted less forfeited; a boost, what won bets were paid over the model price; an acca bonus, the bonuses paid; a free bet, the winnings its tokens paid',
    }),
  ),
});

/** A promotion created or changed: `{ msg, ...promotion }`. */
export const PromotionSaved = Type.Object({ msg: Type.String(), ...PromotionFields });

export const Done = Type.Object({ msg: Type.String() });

/** The form's fields; required-ness is the domain's (so a missing title answers the spec's message). */
export const PromotionBody = Type.Object(
  {
    title: Type.Optional(Type.String({ maxLength: 200 })),
    description: Type.Optional(Type.String({ maxLength: 2000 })),
    promoType: Type.Optional(PromoType),
    isActive: Type.Optional(Type.Boolean()),
    expiresAt: Type.Optional(Type.Union([Type.String({ maxLength: 40 }), Type.Null()])),
    /** issue 33: optional; null removes them */
    rules: Type.Optional(Type.Union([PromotionRules, Type.Null()])),
  },
  { additionalProperties: false },
);

/** A claim recorded: `{ msg, claimId }`. */
export const ClaimAnswer = Type.Object({ msg: Type.String(), claimId: Type.String() });

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

export const AuditPage = Type.Object({
  entries: Type.Array(
    Type.Object({
      _id: Type.String(),
      at: Type.String({ format: 'date-time' }),
      actor: Type.Object(
        { _id: Nullable(Type.String()), username: Nullable(Type.String()) },
        { description: 'the admin who acted; null fields when the event did not name one' },
      ),
      service: Type.String({
        description: 'the service the action happened in: identity, wallet, games, admin',
      }),
      action: Type.String(),
      entity: Type.String(),
      entityId: Type.String(),
      // whatever the acting service recorded of the thing (any JSON, or null): each action has its own fields
      before: Type.Unknown(),
      after: Type.Unknown(),
    }),
  ),
  currentPage: Type.Integer(),
  totalPages: Type.Integer(),
  totalCount: Type.Integer(),
});

const Dollars = Type.Number({ description: 'dollars' });
const Odds = Type.Number();

export const UserDetails = Type.Object({
  user: Type.Object({
    _id: Type.String(),
    username: Type.String(),
    firstName: Type.String(),
    lastName: Type.String(),
    email: Type.String(),
    role: Type.String(),
    profilePicture: Nullable(Type.String()),
    state: Nullable(Type.String()),
    walletBalance: Type.Number({
      description:
        "dollars: the wallet's live balance, or the latest it announced when it does not answer in time",
    }),
    createdAt: Type.String({ format: 'date-time' }),
    isOnline: Type.Boolean(),
    lastSeen: Nullable(Type.String({ format: 'date-time' })),
  }),
  transactions: Type.Array(
    Type.Object({
      _id: Type.String(),
      createdAt: Type.String({ format: 'date-time' }),
      type: Type.Union(
        [Type.Literal('bet'), Type.Literal('win'), Type.Literal('topup'), Type.Literal('withdrawal')],
        { description: 'the spec group the line is filtered under' },
      ),
      kind: Type.String({ description: "the ledger's own type" }),
      adjustment: Type.Optional(Type.Boolean({ description: "present (true) on an admin's adjustment" })),
      amount: Type.Number({ description: 'signed dollars' }),
      balanceAfter: Dollars,
      description: Type.String(),
    }),
  ),
  bets: Type.Array(
    Type.Object({
      _id: Type.String(),
      betType: Type.String(),
      selections: Type.Array(
        Type.Object({
          gameId: Type.Union(
            [
              Type.Object({
                _id: Type.String(),
                homeTeam: Type.String(),
                awayTeam: Type.String(),
                league: Nullable(Type.String()),
                status: Type.String(),
              }),
              Type.Object({ _id: Type.String() }),
            ],
            { description: 'the game populated; only its _id when the read model does not know it' },
          ),
          outcome: Type.String(),
          odds: Odds,
        }),
      ),
      stake: Dollars,
      totalOdds: Odds,
      potentialPayout: Dollars,
      status: Type.String(),
      cashedOut: Type.Boolean(),
      payout: Dollars,
      createdAt: Type.String({ format: 'date-time' }),
    }),
  ),
});
