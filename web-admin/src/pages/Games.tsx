import { api, useSocketEvent } from '@bet/web-shell/core';
import {
  EmptyState,
  ErrorText,
  Pagination,
  Spinner,
  type TabItem,
  Tabs,
  useApi,
  useDebounced,
} from '@bet/web-shell/ui';
import { useEffect, useMemo, useRef, useState } from 'react';
import { dateTime } from '../format';
import { GameDialog } from '../games/GameDialog';
import { SetResult } from '../games/SetResult';
import { TeamLogo } from '../games/TeamLogo';
import { useConfirmedAction } from '../shared/actions';
import { SearchField } from '../shared/fields';
import { aiSlots } from '../slots';
import type { Game, GamePage, GameStatus } from '../types';

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

/**
 * The status filter (issue 34 item 7): every status, finished and cancelled too, which a busy
 * calendar's live and upcoming games would otherwise push pages away.
 */
export const STATUS_FILTERS: TabItem<GameStatus | 'all'>[] = [
  { value: 'all', label: 'All' },
  { value: 'live', label: 'Live' },
  { value: 'upcoming', label: 'Upcoming' },
  { value: 'finished', label: 'Finished' },
  { value: 'cancelled', label: 'Cancelled' },
];

/** The date as a compact table shows it: short, in the admin's own time zone. */
function shortDate(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return dateTime(iso);
  return d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

type Dialog = { kind: 'create' } | { kind: 'edit'; game: Game } | { kind: 'result'; game: Game } | null;

export default function Games() {
  const [search, setSearch] = useState('');
  const term = useDebounced(search.trim().toLowerCase(), 300);
  const [status, setStatus] = useState<GameStatus | 'all'>('all');
  const [page, setPage] = useState(1);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search or filter starts at page 1
  useEffect(() => setPage(1), [term, status]);
  // the spec filters the fetched list locally; the server's search and pages (issue 17) reach
  // games beyond the first hundred of a busy calendar
  const games = useApi<GamePage>('/games', {
    limit: GAME_FETCH_LIMIT,
    page,
    search: term || undefined,
    status: status === 'all' ? undefined : status,
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
    return all.filter(
      (g) =>
        (status === 'all' || g.status === status) &&
        (!term || [g.homeTeam, g.awayTeam, g.league ?? ''].some((v) => v.toLowerCase().includes(term))),
    );
  }, [games.data, term, status]);

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
      <div className="games-filters">
        <SearchField
          id="game-search"
          label="Search games"
          placeholder="Search by team name or league..."
          value={search}
          onChange={setSearch}
        />
        <Tabs items={STATUS_FILTERS} value={status} onChange={setStatus} label="Game status" />
      </div>
      {games.error ? <ErrorText>{games.error}</ErrorText> : null}
      {games.loading && !games.data ? (
        <Spinner />
      ) : list.length === 0 ? (
        <EmptyState title="No games found." />
      ) : (
        <div className="table-wrap">
          <table className="table table--stack games-table">
            <caption className="visually-hidden">
              Games{status === 'all' ? '' : `, ${status}`}: live first, then upcoming, finished and cancelled
            </caption>
            <thead>
              <tr>
                <th scope="col">Match</th>
                <th scope="col">League</th>
                <th scope="col">Kick-off</th>
                <th scope="col">Status</th>
                <th scope="col" className="num">
                  1 · X · 2
                </th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((g) => (
                <tr key={g._id} className="game-row" data-status={g.status}>
                  <th scope="row" className="game-row__match">
                    <span className="game-row__team">
                      <TeamLogo src={g.homeTeamLogo} name={g.homeTeam} />
                      {g.homeTeam}
                    </span>
                    <span className="game-row__team">
                      <TeamLogo src={g.awayTeamLogo} name={g.awayTeam} />
                      {g.awayTeam}
                    </span>
                  </th>
                  <td data-label="League">{g.league ?? '—'}</td>
                  <td data-label="Kick-off" className="game-row__date">
                    {shortDate(g.matchDate)}
                  </td>
                  <td data-label="Status">
                    <span className={`badge badge--status-${g.status}`}>{g.status}</span>
                  </td>
                  <td data-label="1 · X · 2" className="num">
                    {[g.odds.home, g.odds.draw, g.odds.away].map((o) => o.toFixed(2)).join(' · ')}
                  </td>
                  <td className="game-row__actions-cell">
                    <div className="game-row__actions">
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
                      {g.status === 'cancelled' || g.status === 'finished' ? null : (
                        <button type="button" className="btn btn--sm btn--danger" onClick={() => cancel(g)}>
                          Cancel Game
                        </button>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
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
