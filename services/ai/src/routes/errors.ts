import type { ErrorTable } from '@bet/kit';

/** The answer to each refusal of ai's use cases (domain/errors.ts): the one place with statuses. */
export const errorAnswers: ErrorTable = {
  invalid_input: { status: 400 },
  game_not_found: { status: 404 },
  too_many_ai_requests: { status: 429 },
};
