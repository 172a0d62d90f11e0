import { api, type Game, msgOr, useSession } from '@bet/web-shell/core';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { GameCard } from '../games/GameCard';
import { validGames } from '../games/lists';
import { ErrorText, Spinner } from '../ui/common';
import { AiText } from './AiText';

interface Headline {
  title: string;
  snippet?: string;
  link?: string;
  source?: string;
  publishedDate?: string;
}

/** Top sports headlines (public); the panel hides itself when there are none or the call fails. */
export function HeadlinesPanel() {
  const [news, setNews] = useState<Headline[]>([]);
  useEffect(() => {
    const ctrl = new AbortController();
    api
      .get<{ news?: Headline[] }>('/ai/world-sports-news', { silent: true, signal: ctrl.signal })
      .then((d) => setNews(Array.isArray(d?.news) ? d.news.filter((n) => n?.title) : []))
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
          <li key={`${n.title}|${n.link ?? ''}`}>
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

/** 'For You': news on the teams the player bets on most; hidden on error or when empty. */
export function ForYouCard() {
  const [news, setNews] = useState<{ team: string; summary: string }[] | null>(null);
  useEffect(() => {
    const ctrl = new AbortController();
    api
      .get<{ news?: { team: string; summary: string }[] }>('/ai/personalized-news', {
        silent: true,
        signal: ctrl.signal,
      })
      .then((d) => setNews(Array.isArray(d?.news) ? d.news.filter((n) => n?.team && n?.summary) : []))
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

/** 'AI News & Performance Summary' of a team or player the user names. */
export function NewsSummaryCard() {
  const [topic, setTopic] = useState('');
  const [state, setState] = useState<{ summary?: string; error?: string; loading: boolean }>({
    loading: false,
  });
  const id = useId();
  async function submit(e: FormEvent) {
    e.preventDefault();
    const t = topic.trim();
    if (!t) {
      setState({ loading: false, error: 'Please enter a team or player name.' });
      return;
    }
    if (state.loading) return;
    setState({ loading: true });
    try {
      const { summary } = await api.post<{ summary: string }>(
        '/ai/news-summary',
        { topic: t },
        { silent: true },
      );
      setState({ loading: false, summary });
    } catch (err) {
      setState({ loading: false, error: msgOr(err, 'Could not get a summary. Please try again.') });
    }
  }
  return (
    <section className="card ai-card" aria-labelledby="ai-summary-title">
      <h2 id="ai-summary-title" className="card__title">
        AI News &amp; Performance Summary
      </h2>
      <form className="ai-inline-form" onSubmit={submit} noValidate>
        <label htmlFor={id} className="visually-hidden">
          Team or player
        </label>
        <input
          id={id}
          required
          placeholder="Team or player, e.g. Arsenal"
          value={topic}
          onChange={(e) => setTopic(e.target.value)}
        />
        <button type="submit" className="btn btn--primary" disabled={state.loading}>
          Get Summary
        </button>
      </form>
      {state.loading && <Spinner label="Summarising…" />}
      {state.error && <ErrorText>{state.error}</ErrorText>}
      {state.summary && <AiText text={state.summary} />}
    </section>
  );
}

/** 'AI Quick Tips': open games of the next two days, best value first (signed-in players). */
export function QuickTipsCard({ signedIn }: { signedIn: boolean }) {
  const [state, setState] = useState<{ games?: Game[]; error?: string; loading: boolean }>({
    loading: false,
  });
  async function load() {
    setState({ loading: true });
    try {
      const d = await api.get<{ games?: Game[] }>('/ai/recommendations', { silent: true });
      setState({ games: validGames(d?.games).slice(0, 5), loading: false });
    } catch {
      setState({ error: 'Could not fetch new tips at this time.', loading: false });
    }
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: load once per sign-in
  useEffect(() => {
    if (signedIn) void load();
  }, [signedIn]);
  return (
    <section className="card ai-card ai-tips" aria-labelledby="ai-tips-title">
      <div className="ai-card__head">
        <h2 id="ai-tips-title" className="card__title">
          AI Quick Tips
        </h2>
        {signedIn && (
          <button type="button" className="btn btn--sm" onClick={load} disabled={state.loading}>
            Refresh
          </button>
        )}
      </div>
      {!signedIn ? (
        <p className="muted">Please login to get AI-powered tips.</p>
      ) : state.loading ? (
        <Spinner label="Fetching tips…" />
      ) : state.error ? (
        <ErrorText>{state.error}</ErrorText>
      ) : state.games && state.games.length > 0 ? (
        <ul className="games">
          {state.games.map((g) => (
            <GameCard key={g._id} game={g} />
          ))}
        </ul>
      ) : (
        state.games && <p className="muted">No tips right now.</p>
      )}
    </section>
  );
}

/** The Home cards: headlines for everyone, For You and the summary for signed-in players. */
export function HomeCards() {
  const status = useSession((s) => s.status);
  const signedIn = status === 'authenticated';
  return (
    <div className="ai-cards">
      {signedIn && <ForYouCard />}
      {signedIn && <NewsSummaryCard />}
      <QuickTipsCard signedIn={signedIn} />
      <HeadlinesPanel />
    </div>
  );
}
