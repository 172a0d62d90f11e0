import { refusal } from '@bet/kit/core';

/**
 * What ai's use cases refuse, each by name; the message is the API's `msg` word for word.
 * routes/errors.ts gives each code its answer.
 */

/** the question, search or slip breaks a rule */
export class InvalidInputError extends refusal('invalid_input') {}
/** a game neither the read model nor games knows */
export class GameNotFoundError extends refusal('game_not_found') {}
/** the caller's AI calls this minute are used up */
export class TooManyAiRequestsError extends refusal(
  'too_many_ai_requests',
  'Too many AI requests. Please wait a minute and try again.',
) {}
