import { api } from '@bet/web-shell/core';
import { useEffect, useState } from 'react';
import type { Headline, WorldNews } from './types';

/** Top sports headlines (public); the panel hides itself when there are none or the call fails. */
export function HeadlinesPanel() {
  const [news, setNews] = useState<Headline[]>([]);
  useEffect(() => {
    const ctrl = new AbortController();
    api
      .get<WorldNews>('/ai/world-sports-news', { silent: true, signal: ctrl.signal })
      .then((d) => setNews(d.news.filter((n) => n.title)))
      .catch(() => {});
    return () => ctrl.abort();
  }, []);
  if (news.length === 0) return null;
  return (
    <section className="card ai-card ai-headlines" aria-labelledby="ai-headlines-title">
      <h2 id="ai-headlines-title" className="card__title">
        Top Sports Headlines
      </h2>
      <ul>
        {news.slice(0, 6).map((n) => (
          <li key={`${n.title}|${n.link}`}>
            {n.link && /^https?:\/\//.test(n.link) ? (
              <a href={n.link} target="_blank" rel="noopener noreferrer">
                {n.title}
              </a>
            ) : (
              <strong>{n.title}</strong>
            )}
            {n.snippet && <p className="muted">{n.snippet}</p>}
            {(n.source || n.publishedDate) && (
              <small className="muted">
                {[n.source, n.publishedDate ? new Date(n.publishedDate).toLocaleDateString() : '']
                  .filter(Boolean)
                  .join(' · ')}
              </small>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
