import { api, errorMessage, type Game, type Odds, useSession, useSocketEvent } from '@bet/web-shell/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { GameDetailsModal } from '../games/GameDetailsModal';
import { GameGroups } from '../games/GameGroups';
import {
  applyGameUpdate,
  applyOddsUpdate,
  type GameLists,
  leaguePreference,
  validGames,
} from '../games/lists';
import { WithSlip } from '../slip/SlipColumn';
import { EmptyState, ErrorText, Spinner } from '../ui/common';

type Tab = 'upcoming' | 'results';

interface ListState {
  lists: GameLists;
  /** How many games each request returned before invalid ids were dropped. */
  raw: { upcoming: number; finished: number };
  malformed: { upcoming: boolean; finished: boolean };
  loading: boolean;
  error: string | null;
}

const EMPTY: GameLists = { upcoming: [], live: [], finished: [] };

function useHomeGames() {
  const [state, setState] = useState<ListState>({
    lists: EMPTY,
    raw: { upcoming: 0, finished: 0 },
    malformed: { upcoming: false, finished: false },
    loading: true,
    error: null,
  });
  const [tick, setTick] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `tick` forces a reload
  useEffect(() => {
    const ctrl = new AbortController();
    setState((s) => ({ ...s, loading: true, error: null }));
    Promise.all([
      api.get<{ games?: Game[] }>('/games', {
        query: { status: 'upcoming', limit: 100 },
        silent: true,
        signal: ctrl.signal,
      }),
      api.get<{ games?: Game[] }>('/games', {
        query: { status: 'finished', limit: 50, order: 'desc' },
        silent: true,
        signal: ctrl.signal,
      }),
    ])
      .then(([up, fin]) => {
        setState({
          lists: { upcoming: validGames(up?.games), live: [], finished: validGames(fin?.games) },
          raw: { upcoming: up?.games?.length ?? 0, finished: fin?.games?.length ?? 0 },
          malformed: { upcoming: !Array.isArray(up?.games), finished: !Array.isArray(fin?.games) },
          loading: false,
          error: null,
        });
      })
      .catch((err) => {
        if (ctrl.signal.aborted) return;
        setState((s) => ({ ...s, loading: false, error: errorMessage(err) }));
      });
    return () => ctrl.abort();
  }, [tick]);

  useSocketEvent('gameUpdate', (game: Game) =>
    setState((s) => ({ ...s, lists: applyGameUpdate(s.lists, game) })),
  );
  const onOdds = (p: { gameId?: string; odds?: Odds }) => {
    if (p?.gameId && p.odds) setState((s) => ({ ...s, lists: applyOddsUpdate(s.lists, p.gameId!, p.odds!) }));
  };
  useSocketEvent('oddsUpdate', onOdds);
  useSocketEvent('liveOddsUpdate', onOdds);
  useSocketEvent('gameResultUpdated', () => setTick((t) => t + 1));
  return state;
}

/** Leagues the signed-in user bets on most, from their last 100 bets. */
function usePreferredLeagues(): string[] {
  const status = useSession((s) => s.status);
  const [leagues, setLeagues] = useState<string[]>([]);
  useEffect(() => {
    if (status !== 'authenticated') {
      setLeagues([]);
      return;
    }
    const ctrl = new AbortController();
    api
      .get<{ bets?: [] }>('/bets', { query: { limit: 100 }, silent: true, signal: ctrl.signal })
      .then((d) => setLeagues(leaguePreference(d?.bets ?? [])))
      .catch(() => {});
    return () => ctrl.abort();
  }, [status]);
  return leagues;
}

export default function Home() {
  const { lists, raw, malformed, loading, error } = useHomeGames();
  const preferred = usePreferredLeagues();
  const [tab, setTab] = useState<Tab>('upcoming');
  const [details, setDetails] = useState<Game | null>(null);
  const listRef = useRef<HTMLElement>(null);

  const upcoming = useMemo(() => [...lists.live, ...lists.upcoming], [lists.live, lists.upcoming]);
  const shown = tab === 'upcoming' ? upcoming : lists.finished;

  let empty: string | null = null;
  if (!loading && !error && shown.length === 0) {
    const key = tab === 'upcoming' ? 'upcoming' : 'finished';
    if (malformed[key]) empty = 'No Games Available';
    else if (raw[key] > 0) empty = 'No valid games to display';
    else empty = tab === 'upcoming' ? 'No Upcoming Games' : 'No Recent Results';
  }

  return (
    <WithSlip>
      <section className="hero" aria-labelledby="hero-title">
        <h1 id="hero-title">Bet on the beautiful game</h1>
        <p>
          Pre-match and in-play odds on football from around the world. Build your slip, place singles or a
          multi, and follow every goal live.
        </p>
        <button
          type="button"
          className="btn btn--primary"
          onClick={() => {
            listRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
            listRef.current?.focus({ preventScroll: true });
          }}
        >
          Browse Games
        </button>
      </section>

      <section id="games" ref={listRef} tabIndex={-1} className="games-section" aria-labelledby="games-title">
        <h2 id="games-title">Matches &amp; Results</h2>
        <div className="tabs" role="tablist" aria-label="Matches and results">
          <button
            type="button"
            role="tab"
            id="tab-upcoming"
            aria-controls="panel-games"
            aria-selected={tab === 'upcoming'}
            className="tab"
            onClick={() => setTab('upcoming')}
          >
            Upcoming
          </button>
          <button
            type="button"
            role="tab"
            id="tab-results"
            aria-controls="panel-games"
            aria-selected={tab === 'results'}
            className="tab"
            onClick={() => setTab('results')}
          >
            Results
          </button>
        </div>
        <div
          id="panel-games"
          role="tabpanel"
          aria-labelledby={tab === 'upcoming' ? 'tab-upcoming' : 'tab-results'}
        >
          {loading ? (
            <Spinner label="Loading games…" />
          ) : error ? (
            <ErrorText>{error}</ErrorText>
          ) : empty ? (
            <EmptyState title={empty} />
          ) : (
            <GameGroups games={shown} preferred={preferred} onOpenDetails={setDetails} />
          )}
        </div>
      </section>
      {details && <GameDetailsModal game={details} onClose={() => setDetails(null)} />}
    </WithSlip>
  );
}
