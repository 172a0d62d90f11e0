import { api, msgOr, toast, useSocketEvent, validationMsgOr } from '@bet/web-shell/core';
import {
  EmptyState,
  ErrorText,
  FormField,
  listFrom,
  Modal,
  Pagination,
  Spinner,
  useApi,
  useConfirm,
  useDebounced,
} from '@bet/web-shell/ui';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { dateTime } from '../format';
import { aiSlots } from '../slots';
import type { Game } from '../types';
import { emptyGame, fieldsOf, fromLocalInput, type GameFields, GameFieldsForm } from './games-form';

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

function TeamLogo({ src, name }: { src?: string | null; name: string }) {
  return src ? (
    <img className="team-logo" src={src} alt="" width={36} height={36} loading="lazy" />
  ) : (
    <span className="team-logo team-logo--placeholder" aria-hidden="true">
      {name.slice(0, 2).toUpperCase()}
    </span>
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
  const games = useApi<{ games: Game[]; totalPages?: number }>('/games', {
    limit: GAME_FETCH_LIMIT,
    page,
    search: term || undefined,
  });
  const [dialog, setDialog] = useState<Dialog>(null);
  const { confirm, dialog: confirmDialog } = useConfirm();
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
    const all = sortGames(listFrom<Game>(games.data, 'games'));
    if (!term) return all;
    return all.filter((g) =>
      [g.homeTeam, g.awayTeam, g.league ?? ''].some((v) => v.toLowerCase().includes(term)),
    );
  }, [games.data, term]);

  async function cancel(g: Game) {
    if (
      !(await confirm({
        title: `Cancel ${g.homeTeam} vs ${g.awayTeam}?`,
        message: 'All pending bets will be refunded.',
        confirmLabel: 'Cancel Game',
        danger: true,
      }))
    )
      return;
    try {
      await api.patch(`/games/${g._id}/cancel`, undefined, { silent: true });
      toast.success('Game cancelled successfully.');
      games.reload();
    } catch (err) {
      toast.error(msgOr(err, 'Failed to cancel game.'));
    }
  }

  const Social = aiSlots.SocialPostButton;
  return (
    <section className="admin-page">
      <div className="page-head">
        <h2>Game Management</h2>
        <button type="button" className="btn btn--primary" onClick={() => setDialog({ kind: 'create' })}>
          Create Game
        </button>
      </div>
      <div className="field search-field">
        <label htmlFor="game-search" className="visually-hidden">
          Search games
        </label>
        <input
          id="game-search"
          type="search"
          placeholder="Search by team name or league..."
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
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
      {dialog?.kind === 'create' ? (
        <CreateGame onClose={() => setDialog(null)} onDone={games.reload} />
      ) : null}
      {dialog?.kind === 'edit' ? (
        <EditGame game={dialog.game} onClose={() => setDialog(null)} onDone={games.reload} />
      ) : null}
      {dialog?.kind === 'result' ? (
        <SetResult game={dialog.game} onClose={() => setDialog(null)} onDone={games.reload} />
      ) : null}
      {confirmDialog}
    </section>
  );
}

function CreateGame({ onClose, onDone }: { onClose: () => void; onDone: () => void }) {
  const [v, setV] = useState<GameFields>(emptyGame);
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      await api.post(
        '/games',
        {
          homeTeam: v.homeTeam,
          awayTeam: v.awayTeam,
          league: v.league,
          matchDate: v.matchDate ? fromLocalInput(v.matchDate) : '',
          odds: { home: Number(v.home), away: Number(v.away), draw: Number(v.draw) },
        },
        { silent: true },
      );
      toast.success('Game created successfully!');
      onDone();
      onClose();
    } catch (err) {
      toast.error(validationMsgOr(err, 'Failed to create game.'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Modal title="Create Game" onClose={onClose} wide>
      <form className="form" onSubmit={submit}>
        <GameFieldsForm value={v} onChange={setV} mode="create" />
        <div className="form-actions">
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {busy ? 'Creating…' : 'Create Game'}
          </button>
        </div>
      </form>
    </Modal>
  );
}

function EditGame({ game, onClose, onDone }: { game: Game; onClose: () => void; onDone: () => void }) {
  const [v, setV] = useState<GameFields>(fieldsOf(game));
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      await api.put(
        `/games/${game._id}`,
        {
          homeTeam: v.homeTeam,
          awayTeam: v.awayTeam,
          league: v.league,
          status: v.status,
          matchDate: v.matchDate ? fromLocalInput(v.matchDate) : '',
        },
        { silent: true },
      );
      toast.success('Game updated successfully!');
      onDone();
      onClose();
    } catch (err) {
      toast.error(msgOr(err, 'Failed to update game.'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Modal title="Edit Game" onClose={onClose} wide>
      <form className="form" onSubmit={submit}>
        <GameFieldsForm value={v} onChange={setV} mode="edit" />
        <div className="form-actions">
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {busy ? 'Saving…' : 'Save Changes'}
          </button>
        </div>
      </form>
    </Modal>
  );
}

function SetResult({ game, onClose, onDone }: { game: Game; onClose: () => void; onDone: () => void }) {
  const [result, setResult] = useState('');
  const [homeScore, setHomeScore] = useState('');
  const [awayScore, setAwayScore] = useState('');
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!result) return void toast.error('Please select a result.');
    if (homeScore === '' || awayScore === '')
      return void toast.error('Please enter both home and away scores.');
    setBusy(true);
    try {
      await api.patch(
        `/games/${game._id}/result`,
        { result, homeScore: Number(homeScore), awayScore: Number(awayScore) },
        { silent: true },
      );
      toast.success('Result set and bets settled!');
      onDone();
      onClose();
    } catch (err) {
      toast.error(validationMsgOr(err, 'Failed to set result.'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Modal title={`Set Result: ${game.homeTeam} vs ${game.awayTeam}`} onClose={onClose}>
      <form className="form" onSubmit={submit} noValidate>
        <FormField label="Result">
          {(id) => (
            <select id={id} value={result} onChange={(e) => setResult(e.target.value)}>
              <option value="">Select a result</option>
              <option value="A">A (Home win: {game.homeTeam})</option>
              <option value="Draw">Draw</option>
              <option value="B">B (Away win: {game.awayTeam})</option>
            </select>
          )}
        </FormField>
        <div className="form-row">
          <FormField label="Home Score">
            {(id) => (
              <input
                id={id}
                type="number"
                min="0"
                step="1"
                value={homeScore}
                onChange={(e) => setHomeScore(e.target.value)}
              />
            )}
          </FormField>
          <FormField label="Away Score">
            {(id) => (
              <input
                id={id}
                type="number"
                min="0"
                step="1"
                value={awayScore}
                onChange={(e) => setAwayScore(e.target.value)}
              />
            )}
          </FormField>
        </div>
        <div className="form-actions">
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {busy ? 'Saving…' : 'Set Result'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
