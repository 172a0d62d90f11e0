import { api, useSocketEvent } from '@bet/web-shell/core';
import { EmptyState, ErrorText, Pagination, Spinner, useApi, useDebounced } from '@bet/web-shell/ui';
import { useEffect, useMemo, useRef, useState } from 'react';
import { dateTime } from '../format';
import { GameDialog } from '../games/GameDialog';
import { SetResult } from '../games/SetResult';
import { TeamLogo } from '../games/TeamLogo';
import { useConfirmedAction } from '../shared/actions';
import { SearchField } from '../shared/fields';
import { aiSlots } from '../slots';
import type { Game, GamePage } from '../types';

export const GAME_FETCH_LIMIT = 100;
const PRIORITY: Record<string, number> = { live: 1, upcoming: 2, finished: 3, cancelled: 4 };

/** live, upcoming, finished, cancelled; within a status the latest match date first (spec 001 §9) */
export function sortGames(games: Game[]): Game[] {
  return [...games].sort(
    (a, b) =>
      (PRIORITY[a.status] ?? 9) - (PRIORITY[b.status] ?? 9) ||
      Date.parse(b.matchDate) - Date.parse(a.matchDate),
  );
}

type Dialog = { kind: 'create' } | { kind: 'edit'; game: Game } | { kind: 'result'; game: Game } | null;

export default function Games() {
  const [search, setSearch] = useState('');
  const term = useDebounced(search.trim().toLowerCase(), 300);
  const [page, setPage] = useState(1);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search starts at page 1
  useEffect(() => setPage(1), [term]);
  // the spec filters the fetched list locally; the server's search and pages (issue 17) reach
  // games beyond the first hundred of a busy calendar
  const games = useApi<GamePage>('/games', {
    limit: GAME_FETCH_LIMIT,
    page,
    search: term || undefined,
  });
  const [dialog, setDialog] = useState<Dialog>(null);
  const { act, dialog: confirmDialog } = useConfirmedAction();
  // a burst of live updates (every goal, every minute) reloads once
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  const reloadSoon = () => {
    if (pending.current) return;
    pending.current = setTimeout(() => {
      pending.current = null;
      games.reload();
    }, 500);
  };
  useSocketEvent('gameUpdate', reloadSoon);
  useSocketEvent('new_game', reloadSoon);

  const list = useMemo(() => {
    const all = sortGames(games.data?.games ?? []);
    if (!term) return all;
    return all.filter((g) =>
      [g.homeTeam, g.awayTeam, g.league ?? ''].some((v) => v.toLowerCase().includes(term)),
    );
  }, [games.data, term]);

  const cancel = (g: Game) =>
    act({
      ask: {
        title: `Cancel ${g.homeTeam} vs ${g.awayTeam}?`,
        message: 'All pending bets will be refunded.',
        confirmLabel: 'Cancel Game',
        danger: true,
      },
      run: () => api.patch(`/games/${g._id}/cancel`, undefined, { silent: true }),
      done: 'Game cancelled successfully.',
      failed: 'Failed to cancel game.',
      after: games.reload,
    });

  const Social = aiSlots.SocialPostButton;
  return (
    <section className="admin-page">
      <div className="page-head">
        <h2>Game Management</h2>
        <button type="button" className="btn btn--primary" onClick={() => setDialog({ kind: 'create' })}>
          Create Game
        </button>
      </div>
      <SearchField
        id="game-search"
        label="Search games"
        placeholder="Search by team name or league..."
        value={search}
        onChange={setSearch}
      />
      {games.error ? <ErrorText>{games.error}</ErrorText> : null}
      {games.loading && !games.data ? (
        <Spinner />
      ) : list.length === 0 ? (
        <EmptyState title="No games found." />
      ) : (
        <ul className="card-grid card-grid--wide">
          {list.map((g) => (
            <li key={g._id} className="card game-card">
              <div className="game-card__top">
                <span className="muted">{g.league ?? '—'}</span>
                <span className={`badge badge--status-${g.status}`}>{g.status}</span>
              </div>
              <div className="game-card__teams">
                <span className="game-card__team">
                  <TeamLogo src={g.homeTeamLogo} name={g.homeTeam} />
                  {g.homeTeam}
                </span>
                <span className="muted">vs</span>
                <span className="game-card__team">
                  <TeamLogo src={g.awayTeamLogo} name={g.awayTeam} />
                  {g.awayTeam}
                </span>
              </div>
              <p className="muted game-card__date">{dateTime(g.matchDate)}</p>
              <div className="game-card__actions">
                <button
                  type="button"
                  className="btn btn--sm"
                  onClick={() => setDialog({ kind: 'edit', game: g })}
                >
                  Edit Game
                </button>
                {Social ? <Social gameId={g._id} /> : null}
                <button
                  type="button"
                  className="btn btn--sm btn--primary"
                  onClick={() => setDialog({ kind: 'result', game: g })}
                >
                  Set Result
                </button>
                <button type="button" className="btn btn--sm btn--danger" onClick={() => cancel(g)}>
                  Cancel Game
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} totalPages={games.data?.totalPages ?? 1} onPage={setPage} />
      {dialog?.kind === 'create' || dialog?.kind === 'edit' ? (
        <GameDialog
          key={dialog.kind === 'edit' ? dialog.game._id : 'create'}
          game={dialog.kind === 'edit' ? dialog.game : undefined}
          onClose={() => setDialog(null)}
          onDone={games.reload}
        />
      ) : null}
      {dialog?.kind === 'result' ? (
        <SetResult game={dialog.game} onClose={() => setDialog(null)} onDone={games.reload} />
      ) : null}
      {confirmDialog}
    </section>
  );
}
