import { parts, type ServiceContext, type Static } from '@bet/kit';
import type { TObject } from '@sinclair/typebox';
import type { aiConfig } from './config';
import type { AiDB } from './db/schema';
import { FeedReader } from './providers/feeds';
import { ModelProvider, ModelSlots } from './providers/model';

export type AiConfig = Static<TObject<typeof aiConfig>>;

/** What the AI service builds once at start (tests may replace any of it). */
export interface AiParts {
  /** the configured model, or null: the built-in analyst answers everything */
  model: ModelProvider | null;
  /** the configured news feeds, or null: headlines come from the platform's own games */
  feeds: FeedReader | null;
  /** model calls in flight per caller (AI_MODEL_CALLS_PER_USER) */
  modelSlots: ModelSlots;
}

export type AppContext = ServiceContext<AiDB, AiConfig> & AiParts;

export async function buildContext(
  kit: ServiceContext<AiDB, AiConfig>,
  overrides: Partial<AiParts>,
): Promise<AiParts> {
  const c = kit.config;
  const configured = c.AI_BASE_URL && c.AI_API_KEY && c.AI_MODEL;
  const model =
    overrides.model !== undefined
      ? overrides.model
      : configured
        ? new ModelProvider({
            baseURL: c.AI_BASE_URL!,
            apiKey: c.AI_API_KEY!,
            model: c.AI_MODEL!,
            timeoutMs: c.AI_TIMEOUT_MS,
            maxRetries: c.AI_MAX_RETRIES,
          })
        : null;
  const urls = c.NEWS_FEEDS.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const feeds =
    overrides.feeds !== undefined
      ? overrides.feeds
      : urls.length
        ? new FeedReader(urls, c.NEWS_TIMEOUT_MS)
        : null;
  if (model)
    kit.logger.info(
      { model: model.name },
      'AI answers from the configured model (built-in analyst as fallback)',
    );
  const modelSlots = overrides.modelSlots ?? new ModelSlots(c.AI_MODEL_CALLS_PER_USER);
  return { model, feeds, modelSlots };
}

export const { route, consumer, responder, listener, job } = parts<AppContext>();
