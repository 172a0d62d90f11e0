import { Type } from '@bet/kit';

/** The AI service's own settings (documented in the README). */
export const aiConfig = {
  /** OpenAI-compatible endpoint; all three set = the model writes the answers, the built-in analyst otherwise */
  AI_BASE_URL: Type.Optional(Type.String({ minLength: 1 })),
  AI_API_KEY: Type.Optional(Type.String({ minLength: 1 })),
  AI_MODEL: Type.Optional(Type.String({ minLength: 1 })),
  /** one model call, and the retries the client library makes (with back-off) before falling back */
  AI_TIMEOUT_MS: Type.Integer({ default: 15_000, minimum: 100, maximum: 120_000 }),
  AI_MAX_RETRIES: Type.Integer({ default: 2, minimum: 0, maximum: 5 }),
  /** one AI request's deadline across all its model calls, tool rounds and retries; then the built-in analyst answers */
  AI_REQUEST_DEADLINE_MS: Type.Integer({ default: 20_000, minimum: 100, maximum: 120_000 }),
  /** model calls one user (or address) may have running at once; beyond it the built-in analyst answers */
  AI_MODEL_CALLS_PER_USER: Type.Integer({ default: 2, minimum: 1, maximum: 100 }),
  /** AI calls per user (or per address for visitors) per minute */
  AI_RATE_LIMIT_PER_MINUTE: Type.Integer({ default: 30, minimum: 1, maximum: 10_000 }),
  /** cached answers (analysis per game and odds version, searches, summaries) */
  AI_CACHE_TTL_SECONDS: Type.Integer({ default: 300, minimum: 0, maximum: 86_400 }),
  /** the players' time zone: "today", "this weekend", late-night play */
  AI_TIMEZONE: Type.String({ default: 'Africa/Lagos' }),
  /** comma-separated RSS/Atom feed URLs for the headlines (empty: headlines from the platform's own games) */
  NEWS_FEEDS: Type.String({ default: '' }),
  NEWS_REFRESH_MINUTES: Type.Number({ default: 15, minimum: 0.01, maximum: 24 * 60 }),
  NEWS_TIMEOUT_MS: Type.Integer({ default: 8_000, minimum: 100, maximum: 60_000 }),
};
