import Parser from 'rss-parser';
import type { NewsItem } from '../domain/news';

/**
 * RSS and Atom headlines through rss-parser. Every feed is fetched on its own: one broken
 * feed leaves the others' headlines in place. Text is stripped to plain words here, so no
 * markup from a feed ever reaches a page or a prompt as markup.
 */
export class FeedReader {
  private readonly parser: Parser;
  constructor(
    readonly urls: readonly string[],
    timeoutMs: number,
  ) {
    this.parser = new Parser({ timeout: timeoutMs, headers: { 'user-agent': 'bet-platform-ai/1.0' } });
  }

  async read(): Promise<{ items: NewsItem[]; failed: Array<{ url: string; error: string }> }> {
    const items: NewsItem[] = [];
    const failed: Array<{ url: string; error: string }> = [];
    await Promise.all(
      this.urls.map(async (url) => {
        try {
          const feed = await this.parser.parseURL(url);
          const source = plain(feed.title ?? new URL(url).hostname, 120);
          for (const it of feed.items.slice(0, 30)) {
            const link = it.link ?? it.guid;
            const title = plain(it.title ?? '', 300);
            if (!link || !title || !/^https?:\/\//i.test(link)) continue;
            const date = new Date(it.isoDate ?? it.pubDate ?? Date.now());
            items.push({
              title,
              snippet: plain(it.contentSnippet ?? it.summary ?? it.content ?? '', 400),
              link,
              source,
              publishedDate: (Number.isNaN(date.getTime()) ? new Date() : date).toISOString(),
            });
          }
        } catch (err) {
          failed.push({ url, error: (err as Error).message });
        }
      }),
    );
    return { items, failed };
  }
}

/** Markup and entities out, whitespace folded, bounded. */
export function plain(s: string, max: number): string {
  return s
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max);
}
