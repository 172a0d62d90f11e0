import { analyzeGameRoute } from './analyze-game';
import { analyzeSlipRoute } from './analyze-slip';
import { bettingFeedbackRoute } from './betting-feedback';
import { chatRoute } from './chat';
import { gameSearchRoute } from './game-search';
import { generateSocialPostRoute } from './generate-social-post';
import { limitSuggestionRoute } from './limit-suggestion';
import { newsSummaryRoute } from './news-summary';
import { personalizedNewsRoute } from './personalized-news';
import { recommendationsRoute } from './recommendations';
import { riskSummaryRoute } from './risk-summary';
import { slipSuggestionsRoute } from './slip-suggestions';
import { socialCampaignRoute } from './social-campaign';
import { worldSportsNewsRoute } from './world-sports-news';

export const routes = [
  chatRoute,
  analyzeGameRoute,
  bettingFeedbackRoute,
  limitSuggestionRoute,
  newsSummaryRoute,
  recommendationsRoute,
  worldSportsNewsRoute,
  personalizedNewsRoute,
  generateSocialPostRoute,
  analyzeSlipRoute,
  slipSuggestionsRoute,
  gameSearchRoute,
  riskSummaryRoute,
  socialCampaignRoute,
];
