import type { ErrorTable } from '@bet/kit';

/**
 * The answer to each refusal of betting's use cases named in domain code with `refusal`
 * (domain/promotions.ts): the one place with their statuses. Older refusals still carry their
 * status where they are thrown (`DomainError(code, msg, status)`).
 */
export const errorAnswers: ErrorTable = {
  boost_unavailable: { status: 422, sendCode: true },
  boost_other_pick: { status: 422, sendCode: true },
  boost_max_stake: { status: 422, sendCode: true },
  boost_free_bet: { status: 400, sendCode: true },
  boost_twice: { status: 400, sendCode: true },
};
