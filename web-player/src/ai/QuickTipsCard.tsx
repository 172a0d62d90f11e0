import { api, type Game } from '@bet/web-shell/core';
import { useEffect, useState } from 'react';
import { GameCard } from '../games/GameCard';
import { validGames } from '../games/lists';
import { ErrorText, Spinner } from '../ui/common';
import type { Recommendations } from './types';

/** 'AI Quick Tips': open games of the next two days, best value first (signed-in players). */
export function QuickTipsCard({ signedIn }: { signedIn: boolean }) {
  const [state, setState] = useState<{ games?: Game[]; error?: string; loading: boolean }>({
    loading: false,
  });
  async function load() {
    setState({ loading: true });
    try {
      const d = await api.get<Recommendations>('/ai/recommendations', { silent: true });
      setState({ games: validGames(d.games).slice(0, 5), loading: false });
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
