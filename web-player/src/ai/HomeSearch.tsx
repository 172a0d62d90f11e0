import { api, type Game, msgOr } from '@bet/web-shell/core';
import { type FormEvent, useId, useRef, useState } from 'react';
import { GameGroups } from '../games/GameGroups';
import { validGames } from '../games/lists';
import { EmptyState, ErrorText, Spinner } from '../ui/common';
import type { GameSearch } from './types';

interface SearchState {
  games: Game[] | null;
  loading: boolean;
  error: string | null;
}

/**
 * The AI natural-language game search (spec §2): its results replace the board under a
 * 'Search Results' heading until Clear; `onActiveChange` tells the page to hide the board.
 */
export function HomeSearch({
  onActiveChange,
  onOpenDetails,
}: {
  onActiveChange?: (active: boolean) => void;
  onOpenDetails?: (game: Game) => void;
}) {
  const [query, setQuery] = useState('');
  const [state, setState] = useState<SearchState>({ games: null, loading: false, error: null });
  const inputId = useId();
  // a search answered after Clear (or after a newer search) must not bring its results back
  const seq = useRef(0);
  const active = state.loading || state.games !== null || state.error !== null;

  async function submit(e: FormEvent) {
    e.preventDefault();
    const q = query.trim();
    if (!q || state.loading) return;
    const mine = ++seq.current;
    setState({ games: null, loading: true, error: null });
    onActiveChange?.(true);
    try {
      const res = await api.post<GameSearch>('/ai/game-search', { query: q }, { silent: true });
      if (mine === seq.current) setState({ games: validGames(res.games), loading: false, error: null });
    } catch (err) {
      if (mine === seq.current)
        setState({ games: null, loading: false, error: msgOr(err, 'Search failed. Please try again.') });
    }
  }

  function clear() {
    seq.current++;
    setQuery('');
    setState({ games: null, loading: false, error: null });
    onActiveChange?.(false);
  }

  return (
    <section className="ai-search" aria-label="AI game search">
      <form className="ai-search__form" onSubmit={submit}>
        <label htmlFor={inputId} className="visually-hidden">
          Search games with AI
        </label>
        <input
          id={inputId}
          className="input"
          type="search"
          placeholder="Try: games in Spain today"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <button type="submit" className="btn btn--primary" disabled={!query.trim() || state.loading}>
          Search
        </button>
        {(active || query) && (
          <button type="button" className="btn" onClick={clear}>
            Clear
          </button>
        )}
      </form>
      {active && (
        <div className="ai-search__results" aria-busy={state.loading}>
          <h2>Search Results</h2>
          {state.loading ? (
            <Spinner label="Searching…" />
          ) : state.error ? (
            <ErrorText>{state.error}</ErrorText>
          ) : state.games && state.games.length > 0 ? (
            <GameGroups games={state.games} onOpenDetails={onOpenDetails} />
          ) : (
            <EmptyState title="No games found">Try another country, league, team or day.</EmptyState>
          )}
        </div>
      )}
    </section>
  );
}
