import { refusal } from '@bet/kit/core';

/** What admin's use cases refuse, by name; routes/errors.ts gives each its answer. */
export class UserNotFoundError extends refusal('user_not_found', 'User not found') {}
export class PromotionNotFoundError extends refusal('promotion_not_found', 'Promotion not found') {}

// claiming a promotion (app/promotions.ts claimPromotion)
/** a boost or an accumulator bonus: nothing for the wallet to record */
export class NothingToClaimError extends refusal('nothing_to_claim') {}
export class AlreadyClaimedError extends refusal('already_claimed') {}
/** the wallet refused the claim: a time-out or self-exclusion runs (its message says until when) */
export class ClaimSelfExcludedError extends refusal('self_excluded') {}
/** the wallet refused the claim's rules (its message says why) */
export class ClaimRefusedError extends refusal('claim_refused') {}
