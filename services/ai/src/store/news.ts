import type { OutboxTables } from '@bet/kit';
import type { Kysely } from 'kysely';
import type { AiDB } from '../db/schema';
import type { NewsItem } from '../domain/news';

type DB = Kysely<AiDB & OutboxTables>;

export async function saveNews(db: DB, items: readonly NewsItem[], at: Date) {
  if (items.length === 0) return;
  await db
    .insertInto('news')
    .values(
      items.map((i) => ({
        link: i.link,
        title: i.title,
        snippet: i.snippet,
        source: i.source,
        published_at: i.publishedDate,
        fetched_at: at,
      })),
    )
    .onConflict((oc) =>
      oc.column('link').doUpdateSet((eb) => ({
        title: eb.ref('excluded.title'),
        snippet: eb.ref('excluded.snippet'),
        source: eb.ref('excluded.source'),
        published_at: eb.ref('excluded.published_at'),
        fetched_at: eb.ref('excluded.fetched_at'),
      })),
    )
    .execute();
  // keep the table to the recent past
  await db
    .deleteFrom('news')
    .where('fetched_at', '<', new Date(at.getTime() - 3 * 86_400_000))
    .execute();
}

export async function latestNews(db: DB, limit = 20): Promise<NewsItem[]> {
  const rows = await db.selectFrom('news').selectAll().orderBy('published_at', 'desc').limit(limit).execute();
  return rows.map((r) => ({
    title: r.title,
    snippet: r.snippet,
    link: r.link,
    source: r.source,
    publishedDate: new Date(r.published_at).toISOString(),
  }));
}
