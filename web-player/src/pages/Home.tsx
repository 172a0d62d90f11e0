import type { Answer } from '@bet/api-types';
import { api, errorMessage, type Game, type Odds, useSession, useSocketEvent } from '@bet/web-shell/core';
import { Tabs, tabId } from '@bet/web-shell/ui';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  appendPage,
  type BoardFilters,
  dayChips,
  leaguesOf,
  matchesFilters,
  PAGE_SIZE,
  upcomingQuery,
} from '../games/board';
import { GameDetailsModal } from '../games/GameDetailsModal';
import { GameGroups } from '../games/GameGroups';
import { LiveTicker } from '../games/LiveTicker';
import {
  applyGameUpdate,
  applyOddsUpdate,
  type GameLists,
  leaguePreference,
  validGames,
} from '../games/lists';
import type { GamePage, LiveGames } from '../games/types';
import { WithSlip } from '../slip/SlipColumn';
import { EmptyState, ErrorText, Spinner } from '../ui/common';
import { HomeCards, HomeSearch } from './HomeSlots';

type Tab = 'upcoming' | 'results';
const BOARD_TABS: Array<{ value: Tab; label: string }> = [
  { value: 'upcoming', label: 'Upcoming' },
  { value: 'results', label: 'Results' },
];

interface BoardState {
  lists: GameLists;
  /** how many games the requests returned before invalid ids were dropped */
  raw: { upcoming: number; finished: number };
  malformed: { upcoming: boolean; finished: boolean };
  loading: boolean;
  loadingMore: boolean;
  hasMore: boolean;
  error: string | null;
}

const EMPTY: GameLists = { upcoming: [], live: [], finished: [] };
const INITIAL: BoardState = {
  lists: EMPTY,
  raw: { upcoming: 0, finished: 0 },
  malformed: { upcoming: false, finished: false },
  loading: true,
  loadingMore: false,
  hasMore: false,
  error: null,
};

/** The board's games: live, upcoming in pages (filters applied by the server), and results. */
function useBoard(filters: BoardFilters) {
  const [state, setState] = useState<BoardState>(INITIAL);
  const [tick, setTick] = useState(0);
  const key = JSON.stringify(filters);
  const filtersRef = useRef(filters);
  filtersRef.current = filters;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the filters; `tick` forces a reload
  useEffect(() => {
    const ctrl = new AbortController();
    const f = filtersRef.current;
    setState((s) => ({ ...s, loading: true, error: null }));
    const opts = { silent: true, signal: ctrl.signal } as const;
    const finishedQuery: Record<string, string | number> = { status: 'finished', limit: 50, order: 'desc' };
    if (f.league) finishedQuery.league = f.league;
    if (f.team.trim()) finishedQuery.team = f.team.trim();
    Promise.all([
      f.day === 'live'
        ? Promise.resolve<GamePage>({ games: [] })
        : api.get<GamePage>('/games', { ...opts, query: upcomingQuery(f, undefined) }),
      api.get<GamePage>('/games', { ...opts, query: finishedQuery }),
      api.get<LiveGames>('/games/live', opts).catch((): LiveGames => ({ games: [] })),
    ])
      .then(([up, fin, live]) => {
        setState({
          lists: {
            upcoming: validGames(up?.games),
            live: validGames(live?.games),
            finished: validGames(fin?.games),
          },
          raw: { upcoming: up?.games?.length ?? 0, finished: fin?.games?.length ?? 0 },
          malformed: { upcoming: !Array.isArray(up?.games), finished: !Array.isArray(fin?.games) },
          loading: false,
          loadingMore: false,
          hasMore: (up?.games?.length ?? 0) >= PAGE_SIZE,
          error: null,
        });
      })
      .catch((err) => {
        if (ctrl.signal.aborted) return;
        setState((s) => ({ ...s, loading: false, error: errorMessage(err) }));
      });
    return () => ctrl.abort();
  }, [key, tick]);

  const loadMore = useCallback(async () => {
    const last = state.lists.upcoming.at(-1);
    if (!last || state.loadingMore) return;
    setState((s) => ({ ...s, loadingMore: true }));
    try {
      const page = await api.get<GamePage>('/games', {
        silent: true,
        query: upcomingQuery(filtersRef.current, last.matchDate),
      });
      const got = validGames(page?.games);
      setState((s) => {
        const { games, added } = appendPage(s.lists.upcoming, got);
        return {
          ...s,
          lists: { ...s.lists, upcoming: games },
          loadingMore: false,
          hasMore: added > 0 && (page?.games?.length ?? 0) >= PAGE_SIZE,
        };
      });
    } catch (err) {
      setState((s) => ({ ...s, loadingMore: false, error: errorMessage(err) }));
    }
  }, [state.lists.upcoming, state.loadingMore]);

  useSocketEvent('gameUpdate', (game: Game) =>
    setState((s) => ({ ...s, lists: applyGameUpdate(s.lists, game) })),
  );
  const onOdds = (p: { gameId?: string; odds?: Odds }) => {
    if (p?.gameId && p.odds) setState((s) => ({ ...s, lists: applyOddsUpdate(s.lists, p.gameId!, p.odds!) }));
  };
  useSocketEvent('oddsUpdate', onOdds);
  useSocketEvent('liveOddsUpdate', onOdds);
  useSocketEvent('gameResultUpdated', () => setTick((t) => t + 1));
  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { ...state, loadMore, reload };
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
      .get<Answer<'/bets'>>('/bets', { query: { limit: 100 }, silent: true, signal: ctrl.signal })
      .then((d) => setLeagues(leaguePreference(d.bets)))
      .catch(() => {});
    return () => ctrl.abort();
  }, [status]);
  return leagues;
}

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

function Hero({ onBrowse }: { onBrowse: () => void }) {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="hero__text">
        <h1 id="hero-title">Bet on the beautiful game</h1>
        <p>
          Pre-match and in-play odds on football from around the world. Build your slip, place singles or a
          multi, and follow every goal live.
        </p>
        <button type="button" className="btn btn--primary" onClick={onBrowse}>
          Browse Games
        </button>
      </div>
    </section>
  );
}

export default function Home() {
  const status = useSession((s) => s.status);
  const [day, setDay] = useState('all');
  const [league, setLeague] = useState('');
  const [teamInput, setTeamInput] = useState('');
  const team = useDebounced(teamInput, 300);
  const filters = useMemo(() => ({ day, league, team }), [day, league, team]);
  const board = useBoard(filters);
  const { lists, raw, malformed, loading, error, reload } = board;
  const preferred = usePreferredLeagues();
  const [tab, setTab] = useState<Tab>('upcoming');
  const [details, setDetails] = useState<Game | null>(null);
  const [searching, setSearching] = useState(false);
  const [knownLeagues, setKnownLeagues] = useState<string[]>([]);
  const listRef = useRef<HTMLElement>(null);
  const leagueId = useId();
  const teamId = useId();
  const chips = useMemo(() => dayChips(), []);

  // the league list grows with every game seen, so choosing one league keeps the others listed
  useEffect(() => {
    const seen = leaguesOf([...lists.live, ...lists.upcoming, ...lists.finished]);
    setKnownLeagues((known) => {
      const add = seen.filter((l) => !known.includes(l));
      return add.length ? [...known, ...add] : known;
    });
  }, [lists]);

  const live = useMemo(() => lists.live.filter((g) => matchesFilters(g, filters)), [lists.live, filters]);
  const upcoming = useMemo(
    () => (day === 'live' ? live : [...live, ...lists.upcoming]),
    [day, live, lists.upcoming],
  );
  const shown = tab === 'upcoming' ? upcoming : lists.finished;
  const filtered = day !== 'all' || league !== '' || team.trim() !== '';

  let empty: string | null = null;
  if (!loading && !error && shown.length === 0) {
    const key = tab === 'upcoming' ? 'upcoming' : 'finished';
    if (malformed[key]) empty = 'No Games Available';
    else if (raw[key] > 0) empty = 'No valid games to display';
    else empty = tab === 'upcoming' ? 'No Upcoming Games' : 'No Recent Results';
  }

  const browse = () => {
    listRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    listRef.current?.focus({ preventScroll: true });
  };

  return (
    <WithSlip>
      {status === 'anonymous' ? (
        <Hero onBrowse={browse} />
      ) : (
        // a signed-in player gets the board at once, but the page still needs its title
        <h1 className="visually-hidden">Bet on the beautiful game</h1>
      )}
      <HomeSearch onActiveChange={setSearching} onOpenDetails={setDetails} />

      <section
        id="games"
        ref={listRef}
        tabIndex={-1}
        hidden={searching}
        className="games-section"
        aria-labelledby="games-title"
      >
        <LiveTicker games={lists.live} onOpen={setDetails} />
        <div className="board__head">
          <h2 id="games-title">Matches &amp; Results</h2>
          <Tabs
            items={BOARD_TABS}
            value={tab}
            onChange={setTab}
            label="Matches and results"
            panelId="panel-games"
          />
        </div>

        <div className="board__filters">
          {tab === 'upcoming' && (
            <fieldset className="chips">
              <legend className="visually-hidden">Day</legend>
              {chips.map((c) => (
                <button
                  key={c.value}
                  type="button"
                  className="chip"
                  aria-pressed={day === c.value}
                  onClick={() => setDay(c.value)}
                >
                  {c.value === 'live' && <span className="live-dot" aria-hidden="true" />}
                  {c.label}
                  {c.value === 'live' && lists.live.length > 0 && (
                    <span className="chip__count">{lists.live.length}</span>
                  )}
                </button>
              ))}
            </fieldset>
          )}
          <div className="board__search">
            <label htmlFor={leagueId} className="visually-hidden">
              League
            </label>
            <select id={leagueId} value={league} onChange={(e) => setLeague(e.target.value)}>
              <option value="">All leagues</option>
              {knownLeagues.map((l) => (
                <option key={l} value={l}>
                  {l}
                </option>
              ))}
            </select>
            <label htmlFor={teamId} className="visually-hidden">
              Search teams
            </label>
            <input
              id={teamId}
              type="search"
              placeholder="Search teams"
              value={teamInput}
              onChange={(e) => setTeamInput(e.target.value)}
            />
          </div>
        </div>

        <div id="panel-games" role="tabpanel" aria-labelledby={tabId('panel-games', tab)} aria-busy={loading}>
          {loading && shown.length === 0 ? (
            <Spinner label="Loading games…" />
          ) : error && shown.length === 0 ? (
            <ErrorText onRetry={reload}>{error}</ErrorText>
          ) : empty ? (
            <EmptyState title={empty}>{filtered ? 'Try another day, league or team.' : undefined}</EmptyState>
          ) : (
            <>
              <GameGroups games={shown} preferred={preferred} onOpenDetails={setDetails} />
              {tab === 'upcoming' && board.hasMore && day !== 'live' && (
                <div className="board__more">
                  <button
                    type="button"
                    className="btn"
                    onClick={() => void board.loadMore()}
                    disabled={board.loadingMore}
                  >
                    {board.loadingMore ? 'Loading…' : 'Load more matches'}
                  </button>
                </div>
              )}
              {error && <ErrorText>{error}</ErrorText>}
            </>
          )}
        </div>
      </section>
      {/* the matches come first, as a bettor scans them; the AI cards follow the board */}
      <HomeCards />
      {details && <GameDetailsModal game={details} onClose={() => setDetails(null)} />}
    </WithSlip>
  );
}
