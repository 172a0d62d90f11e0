import type { Game } from '@bet/web-shell/core';
import { useApi } from '@bet/web-shell/ui';
import { ErrorText, Spinner } from '../ui/common';
import { Modal } from '../ui/Modal';
import type { GameDetails } from './types';

export function GameDetailsModal({ game, onClose }: { game: Game; onClose: () => void }) {
  const { data, error, loading } = useApi<GameDetails>(`/games/${game._id}/details`);
  const scores = data?.scores ?? game.scores;
  const events = data?.events ?? [];
  return (
    <Modal title={`${game.homeTeam} vs ${game.awayTeam}`} onClose={onClose}>
      {loading ? (
        <Spinner label="Loading match details…" />
      ) : error ? (
        <ErrorText>{error}</ErrorText>
      ) : (
        <>
          <p className="details__score">
            <span className="visually-hidden">Final score: </span>
            <span>{game.homeTeam}</span>
            <strong>
              {scores?.home ?? 0} - {scores?.away ?? 0}
            </strong>
            <span>{game.awayTeam}</span>
          </p>
          {game.league && <p className="muted details__league">{game.league}</p>}
          {events.length === 0 ? (
            <p className="empty-state">No event data available</p>
          ) : (
            <ol className="events">
              {events.map((e, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id of their own; the position is part of the row (its rank)
                <li key={`${e.time?.elapsed}-${e.type}-${e.player?.name}-${i}`} className="event">
                  <span className="event__time">
                    {e.time?.elapsed ?? ''}
                    {e.time?.extra ? `+${e.time.extra}` : ''}'
                  </span>
                  <span className={`badge event__type event__type--${(e.type ?? '').toLowerCase()}`}>
                    {e.type}
                  </span>
                  <span>
                    <strong>{e.player?.name ?? 'Unknown player'}</strong>
                    {e.team?.name ? ` (${e.team.name})` : ''}
                    {e.detail ? <span className="muted"> – {e.detail}</span> : null}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </>
      )}
    </Modal>
  );
}
