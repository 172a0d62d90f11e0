import { DomainError, refusal } from '@bet/kit/core';

/**
 * What aviator's use cases refuse, each by name; the code is what the API sends beside `msg`
 * (the message is given where it is thrown, word for word). routes/errors.ts gives each code
 * its answer.
 */

// the stake, the auto cash-out and the panel of a bet (domain/bets.ts)
export class StakeRequiredError extends refusal('stake_required') {}
export class StakeDecimalsError extends refusal('stake_decimals') {}
export class StakeNotANumberError extends refusal('stake_not_a_number') {}
export class StakeNotPositiveError extends refusal('stake_not_positive') {}
export class StakeBelowMinError extends refusal('stake_below_min') {}
export class StakeAboveMaxError extends refusal('stake_above_max') {}
export class AutoNotANumberError extends refusal('auto_not_a_number') {}
export class AutoDecimalsError extends refusal('auto_decimals') {}
export class AutoTooLowError extends refusal('auto_too_low') {}
export class AutoTooHighError extends refusal('auto_too_high') {}
export class ThirdBetError extends refusal('third_bet') {}
export class PanelInvalidError extends refusal('panel_invalid') {}
export class PanelTakenError extends refusal('panel_taken') {}

// placing, cancelling and cashing out
/** no round is open for betting when the bet is written */
export class NotBettingError extends refusal('not_betting') {}
/** the stake was taken but the round lifted off first (answered without a code, as before) */
export class BoardingRefusedError extends refusal('boarding_refused') {}
export class LimitsUnavailableError extends refusal('limits_unavailable') {}
export class WalletUnavailableError extends refusal('wallet_unavailable') {}
export class NothingToCancelError extends refusal('nothing_to_cancel') {}
export class RoundStartedError extends refusal('started') {}
export class CrashedError extends refusal('crashed') {}
export class NoActiveBetError extends refusal('no_active_bet') {}

/**
 * betting (the weekly limits) or the wallet (the debit) refused the stake: their reason is
 * the code (ReserveReply's and MoneyReply's reasons in proto-events), their message the `msg`
 */
export class StakeRefusedError extends DomainError {
  override name = 'StakeRefusedError';
  constructor(reason: string, msg: string) {
    super(reason, msg);
  }
}

// a round's details and its fairness proof
export class BadRoundIdError extends refusal('round_id') {}
export class RoundUnknownError extends refusal('round_unknown') {}
export class RoundOpenError extends refusal('round_open') {}
export class ChainNotReadyError extends refusal('chain') {}
