import { type TSchema, Type } from '@bet/kit';

/**
 * What the routes answer, field by field (the shapers are in edge.ts; the public shapes in
 * docs/api-conventions.md "Objects" and "Envelopes"). A response schema also serialises: a
 * field it does not name is dropped, so every field a handler sends is named here.
 */

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
const Dollars = Type.Number({ description: 'dollars' });
const DateTime = Type.String({ format: 'date-time' });
const Msg = Type.String();

/** The spec's Transaction: a statement line (edge.ts transactionJson). */
export const TransactionAnswer = Type.Object({
  _id: Type.String(),
  createdAt: DateTime,
  type: Type.Union(
    [Type.Literal('bet'), Type.Literal('win'), Type.Literal('topup'), Type.Literal('withdrawal')],
    { description: "the spec's group the line is filtered under" },
  ),
  kind: Type.String({ description: "the ledger's own type (bet, cashout, aviator_win, adjustment, …)" }),
  adjustment: Type.Boolean({ description: "true for an admin's adjustment" }),
  amount: Type.Number({ description: 'signed dollars' }),
  balanceAfter: Dollars,
  description: Type.String(),
  withdrawalStatus: Type.Optional(
    Type.Union([Type.Literal('pending'), Type.Literal('approved'), Type.Literal('rejected')], {
      description: "only on a withdrawal request's line: where the request stands now",
    }),
  ),
});

/** A withdrawal request as the admin screen shows it (edge.ts withdrawalJson). */
export const WithdrawalAnswer = Type.Object({
  _id: Type.String(),
  user: Type.Object({
    _id: Type.String(),
    username: Nullable(Type.String()),
    email: Nullable(Type.String()),
    walletBalance: Type.Number({ description: "dollars: the requester's balance now" }),
    debt: Type.Number({
      description: 'dollars owed from a corrected result: the request waits until it is repaid',
    }),
  }),
  debtOpen: Type.Boolean({ description: 'true while the requester owes money (debt > 0)' }),
  amount: Dollars,
  createdAt: DateTime,
  status: Type.Union([Type.Literal('pending'), Type.Literal('approved'), Type.Literal('rejected')]),
  adminNotes: Nullable(Type.String()),
  processedAt: Nullable(DateTime),
  firstApprovedBy: Nullable(
    Type.String({
      description:
        'four-eyes: the admin whose approval waits for a second one (the request is still pending)',
    }),
  ),
});

/** A four-eyes adjustment request (edge.ts adjustmentRequestJson). */
const adjustmentRequestFields = {
  _id: Type.String(),
  userId: Type.String(),
  amount: Type.Number({ description: 'signed dollars' }),
  description: Type.String(),
  kind: Type.Union([Type.Literal('adjustment'), Type.Literal('closed_payout')], {
    description: "what the approval posts: an adjustment, or a closed wallet's payout (negative amount)",
  }),
  requestedBy: Type.String({ description: "the requesting admin's id" }),
  status: Type.Union([Type.Literal('pending'), Type.Literal('approved')]),
  approvedBy: Nullable(Type.String()),
  transactionId: Nullable(Type.String({ description: 'the posted adjustment, once approved' })),
  createdAt: DateTime,
};
export const AdjustmentRequestAnswer = Type.Object(adjustmentRequestFields);

/** The deployment's currency (CURRENCY): the one every amount of the API is in. */
const CurrencyField = Type.Union([Type.Literal('USD'), Type.Literal('NGN')], {
  description: 'the currency of every amount in the API (ISO 4217); one per deployment, USD unless set',
});

export const BalanceAnswer = Type.Object({
  walletBalance: Dollars,
  currency: CurrencyField,
  debt: Type.Number({
    description:
      'dollars owed from a corrected result (repaid from the next winnings; withdrawals wait for it)',
  }),
  bonusBalance: Type.Number({
    description: 'bonus money in dollars: can be staked, never withdrawn; cash once its wagering is met',
  }),
});

const Total = Type.Object({ amount: Dollars, count: Type.Integer() });

export const SummaryAnswer = Type.Object({
  currentWalletBalance: Dollars,
  totalTopUps: Type.Object(Total.properties, { description: 'card deposits only' }),
  totalWinnings: Total,
  totalBetsPlaced: Total,
});

const transactionPage = {
  transactions: Type.Array(TransactionAnswer),
  currentPage: Type.Integer(),
  totalPages: Type.Integer(),
};

export const TransactionsAnswer = Type.Object({
  ...transactionPage,
  debt: Type.Number({
    description:
      'dollars still owed from a corrected result: a clawback the wallet could not cover has no line',
  }),
});

export const UserTransactionsAnswer = Type.Object({
  ...transactionPage,
  walletBalance: Type.Number({ description: "dollars: the user's balance now" }),
});

export const DepositInitializedAnswer = Type.Object({
  paymentLink: Type.String({ description: "the provider's checkout page, opened in a new tab" }),
  reference: Type.String({ description: "the deposit's reference (dep_…)" }),
});

export const WebhookAnswer = Type.Object(
  { msg: Msg },
  { description: 'what became of the notice (credited, ignored, already processed, …)' },
);

export const PaymentConfigAnswer = Type.Object({
  provider: Type.String({ description: 'the payment provider taking deposits' }),
  sandbox: Type.Boolean({ description: 'true when deposits go to the sandbox (no real money)' }),
  currency: CurrencyField,
});

export const WithdrawalMessageAnswer = Type.Object({ msg: Msg, withdrawal: WithdrawalAnswer });

export const AdjustedAnswer = Type.Object({
  msg: Msg,
  walletBalance: Type.Number({ description: 'dollars: the balance after the adjustment' }),
  transaction: TransactionAnswer,
});

export const AdjustmentWaitingAnswer = Type.Object(
  { msg: Msg, request: AdjustmentRequestAnswer },
  { description: "above the threshold: the request waits for a second admin's approval" },
);

export const AdjustmentApprovedAnswer = Type.Object({
  msg: Msg,
  walletBalance: Type.Number({ description: 'dollars: the balance after the adjustment' }),
  request: AdjustmentRequestAnswer,
});

export const AdjustmentRequestsAnswer = Type.Object({
  requests: Type.Array(
    Type.Object({
      ...adjustmentRequestFields,
      // from the users read model; null for a user it does not know
      username: Nullable(Type.String()),
      requestedByUsername: Nullable(Type.String()),
      approvedByUsername: Nullable(Type.String()),
    }),
  ),
});

export const ReconcileAnswer = Type.Object({
  ok: Type.Boolean({ description: 'true when every check holds' }),
  checkedAt: DateTime,
  checks: Type.Array(
    Type.Object({
      name: Type.String(),
      description: Type.String(),
      checked: Type.Integer({ description: 'how many rows, accounts or transactions the check looked at' }),
      violations: Type.Array(Type.String(), { description: 'a readable line per violation (capped)' }),
      ok: Type.Boolean(),
    }),
  ),
  debts: Type.Optional(
    Type.Array(Type.Object({ userId: Type.String(), amountCents: Type.Integer() }), {
      description: 'users who owe the house (a clawback their wallet could not cover), in cents',
    }),
  ),
});

export const ClosedPayoutAnswer = Type.Object({
  msg: Msg,
  amount: Type.Number({ description: 'dollars paid out' }),
  walletBalance: Dollars,
  transactionId: Type.String(),
});

export const HeldDepositsAnswer = Type.Object({
  deposits: Type.Array(
    Type.Object({
      _id: Type.String(),
      userId: Type.String(),
      provider: Type.String(),
      reference: Type.String(),
      amountNgn: Type.Number({ description: 'naira paid' }),
      amount: Type.Number({ description: 'dollars it would have credited' }),
      providerTxId: Nullable(Type.String()),
      createdAt: DateTime,
    }),
  ),
});
