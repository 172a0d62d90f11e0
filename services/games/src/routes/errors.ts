import type { ErrorTable } from '@bet/kit';

/** The answer to each refusal of games' use cases (domain/errors.ts): the one place with statuses. */
export const errorAnswers: ErrorTable = {
  invalid_input: { status: 400 },
  game_not_found: { status: 404 },
  market_not_found: { status: 404 },
  ranking_not_found: { status: 404 },
  // these carry their code beside `msg`
  duplicate_team: { status: 409, sendCode: true },
  not_adjusted: { status: 409, sendCode: true },
  market_suspended: { status: 409, sendCode: true },
  market_open: { status: 409, sendCode: true },
  market_not_adjusted: { status: 409, sendCode: 'not_adjusted' },
  game_finished: { status: 409, sendCode: true },
  game_cancelled: { status: 409, sendCode: true },
  status_backwards: { status: 409, sendCode: true },
  result_mismatch: { status: 400, sendCode: true },
  already_settled: { status: 409, sendCode: true },
  same_result: { status: 409, sendCode: true },
  game_closed: { status: 409, sendCode: true },
  not_configured: { status: 503, sendCode: true },
  // a provider that is only busy is a 503; one that failed the sync is a bad gateway
  provider_rate_limited: { status: 503, sendCode: true },
  provider_auth: { status: 502, sendCode: true },
  provider_unavailable: { status: 502, sendCode: true },
  provider_bad_response: { status: 502, sendCode: true },
};
