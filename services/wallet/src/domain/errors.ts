import { refusal } from '@bet/kit/core';

/**
 * What wallet's use cases and ledger refuse, each by name; the message is the API's `msg`
 * word for word. routes/errors.ts gives each code its answer.
 */

/** A wallet balance would go below zero (the ledger's CHECK constraint refused it). */
export class InsufficientFundsError extends refusal('insufficient_funds') {
  constructor(msg = 'Insufficient funds') {
    super(msg);
  }
}
/** Money still arrives in a closed wallet; none leaves it. */
export class AccountClosedError extends refusal('unknown_account', 'This wallet is closed') {}
export class IdempotencyConflictError extends refusal(
  'idempotency_conflict',
  'This idempotency key was already used for a different request',
) {}

/** an amount that is zero or negative where the ledger needs one */
export class InvalidAmountError extends refusal('invalid_amount') {}
/** a promotion's deposit-match rules out of range */
export class InvalidRulesError extends refusal('invalid_rules') {}
/** a time-out or self-exclusion runs: deposits (and promotions) are closed */
export class ExcludedError extends refusal('excluded') {}
/** a deposit over a daily, weekly or monthly deposit limit */
export class DepositLimitError extends refusal('deposit_limit') {}
export class ClosedWalletDepositError extends refusal('closed_wallet_deposit') {}
export class AmountTooSmallError extends refusal('amount_too_small') {}
export class PaymentProviderDownError extends refusal(
  'payment_provider_down',
  'The payment provider is unavailable. Please try again later.',
) {}
/** a payment webhook whose signature is not the provider's */
export class InvalidSignatureError extends refusal('invalid_signature', 'Invalid signature') {}
/** a signed payment webhook whose body is not JSON */
export class UnreadableWebhookError extends refusal('unreadable_webhook', 'Request body is not valid JSON') {}
/** the provider could not say what happened to a payment: the webhook is to be sent again */
export class PaymentUnconfirmedError extends refusal(
  'payment_unconfirmed',
  'Could not confirm the payment with the provider; retry later.',
) {}

// the admins' adjustments, withdrawals and closed-wallet payouts (four eyes)
export class WalletNotFoundError extends refusal('wallet_not_found', 'Wallet not found') {}
export class AdjustmentNotFoundError extends refusal(
  'adjustment_not_found',
  'Adjustment request not found',
) {}
export class WithdrawalNotFoundError extends refusal(
  'withdrawal_not_found',
  'Withdrawal request not found',
) {}
/** an admin acting on their own wallet, request or credit */
export class OwnMoneyError extends refusal('own_money') {}
export class AlreadyProcessedError extends refusal('already_processed') {}
export class AlreadyApprovedError extends refusal('already_approved') {}
export class NotClosedError extends refusal('not_closed') {}
export class NothingToPayError extends refusal('nothing_to_pay') {}
/** a withdrawal asked for while a debt is open */
export class DebtOpenError extends refusal('debt_open') {}
/** a withdrawal approved while a debt is open */
export class ApprovalDebtOpenError extends refusal('approval_debt_open') {}
