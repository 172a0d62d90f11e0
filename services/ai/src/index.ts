import { defineService } from '@bet/kit';
import { aiConfig } from './config';
import { consumers } from './consumers';
import { type AiParts, buildContext } from './context';
import { migrations } from './db/migrations';
import type { AiDB } from './db/schema';
import { jobs } from './jobs';
import { routes } from './routes';
import { errorAnswers } from './routes/errors';

/**
 * AI: the built-in analyst (offline, from the platform's own games and bets) or any
 * OpenAI-compatible model behind one set of calls: chat, analyses, search, tips, news,
 * feedback, limit suggestions and the admin's risk summary and social posts.
 */
export const aiService = defineService<AiDB, typeof aiConfig, AiParts>({
  name: 'ai',
  config: aiConfig,
  migrations,
  context: buildContext,
  routes,
  errors: errorAnswers,
  consumers,
  jobs,
});
