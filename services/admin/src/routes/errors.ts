import type { ErrorTable } from '@bet/kit';

/** The answer to each refusal of admin's use cases (domain/errors.ts): the one place with statuses. */
export const errorAnswers: ErrorTable = {
  user_not_found: { status: 404 },
  promotion_not_found: { status: 404 },
  invalid_promotion: { status: 400, sendCode: true },
  nothing_to_claim: { status: 422, sendCode: true },
  already_claimed: { status: 409, sendCode: true },
  self_excluded: { status: 403 },
  claim_refused: { status: 422 },
};
