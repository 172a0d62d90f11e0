import type { Answer } from '@bet/api-types';

/** What the AI service answers, per call. */
export type WorldNews = Answer<'/ai/world-sports-news'>;
export type Headline = WorldNews['news'][number];
export type PersonalNews = Answer<'/ai/personalized-news'>;
export type SlipSuggestions = Answer<'/ai/slip-suggestions', 'post'>;
export type SlipAnalysis = Answer<'/ai/analyze-slip', 'post'>;
export type GameAnalysis = Answer<'/ai/analyze-game', 'post'>;
export type NewsSummary = Answer<'/ai/news-summary', 'post'>;
export type BettingFeedback = Answer<'/ai/my-betting-feedback'>;
export type LimitAdvice = Answer<'/ai/limit-suggestion'>;
export type GameSearch = Answer<'/ai/game-search', 'post'>;
export type Recommendations = Answer<'/ai/recommendations'>;
export type ChatAnswer = Answer<'/ai/chat', 'post'>;
/** The bet the assistant proposes with its reply. */
export type ProposedBet = NonNullable<ChatAnswer['betSlip']>;
