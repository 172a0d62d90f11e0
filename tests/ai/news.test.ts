import { createServer, type Server } from 'node:http';
import { eventually } from '@bet/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeedReader } from '../../services/ai/src/providers/feeds';
import { startAi } from './harness';

const RSS = `<?xml version="1.0"?><rss version="2.0"><channel><title>Local Sports Wire</title>
<item><title>Arsenal &amp; Chelsea set for derby</title><link>https://news.example/derby</link>
<description>&lt;b&gt;Big&lt;/b&gt; London derby on Saturday.</description><pubDate>Fri, 20 Nov 2026 08:00:00 GMT</pubDate></item>
</channel></rss>`;
const ATOM = `<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>Atom Football</title>
<entry><title>Enyimba extend unbeaten run</title><link href="https://atom.example/enyimba"/><updated>2026-11-19T18:00:00Z</updated>
<summary>Five without defeat in the NPFL.</summary></entry></feed>`;

describe('news feeds (local feed server)', () => {
  let server: Server;
  let base = '';
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/rss') return res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(RSS);
      if (req.url === '/atom')
        return res.writeHead(200, { 'content-type': 'application/atom+xml' }).end(ATOM);
      res.writeHead(500).end('broken');
    });
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    base = `http://127.0.0.1:${(server.address() as any).port}`;
  });
  afterAll(() => new Promise((ok) => server.close(ok)));

  it('reads RSS and Atom, strips markup, and keeps going when one feed fails', async () => {
    const r = await new FeedReader([`${base}/rss`, `${base}/atom`, `${base}/broken`], 2000).read();
    expect(r.failed.map((f) => f.url)).toEqual([`${base}/broken`]);
    const byTitle = Object.fromEntries(r.items.map((i) => [i.title, i]));
    expect(byTitle['Arsenal & Chelsea set for derby']).toMatchObject({
      link: 'https://news.example/derby',
      source: 'Local Sports Wire',
      snippet: 'Big London derby on Saturday.',
      publishedDate: '2026-11-20T08:00:00.000Z',
    });
    expect(byTitle['Enyimba extend unbeaten run']).toMatchObject({
      source: 'Atom Football',
      link: 'https://atom.example/enyimba',
    });
  });

  it('the service refreshes feeds in the background and serves them as world sports news', async () => {
    const s = await startAi({ env: { NEWS_FEEDS: `${base}/rss,${base}/atom` } });
    try {
      const news = await eventually(async () => {
        const r = await s.call('GET', '/ai/world-sports-news');
        return r.body.news.some((n: any) => n.source === 'Local Sports Wire') ? r.body.news : null;
      }, 15_000);
      expect(news.map((n: any) => n.title)).toEqual([
        'Arsenal & Chelsea set for derby',
        'Enyimba extend unbeaten run',
      ]);
    } finally {
      await s.stop();
    }
  }, 120_000);
});
