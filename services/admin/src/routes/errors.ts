import type { ErrorTable } from '@bet/kit';

/** The answer to each refusal of admin's use cases (domain/errors.ts): the one place with statuses. */
export const errorAnswers: ErrorTable = {
  user_not_found: { status: 404 },
  promotion_not_found: { status: 404 },
  invalid_promotion: { status: 400, sendCode: true },
};
