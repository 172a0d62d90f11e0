import { api } from '@bet/web-shell/core';
import { useEffect, useState } from 'react';
import { AiText } from './AiText';
import type { PersonalNews } from './types';

/** 'For You': news on the teams the player bets on most; hidden on error or when empty. */
export function ForYouCard() {
  const [news, setNews] = useState<PersonalNews['news'] | null>(null);
  useEffect(() => {
    const ctrl = new AbortController();
    api
      .get<PersonalNews>('/ai/personalized-news', {
        silent: true,
        signal: ctrl.signal,
      })
      .then((d) => setNews(d.news.filter((n) => n.team && n.summary)))
      .catch(() => setNews([]));
    return () => ctrl.abort();
  }, []);
  if (!news || news.length === 0) return null;
  return (
    <section className="card ai-card" aria-labelledby="ai-foryou-title">
      <h2 id="ai-foryou-title" className="card__title">
        For You
      </h2>
      <ul className="ai-foryou">
        {news.map((n) => (
          <li key={n.team}>
            <strong>{n.team}</strong>
            <AiText text={n.summary} />
          </li>
        ))}
      </ul>
    </section>
  );
}
