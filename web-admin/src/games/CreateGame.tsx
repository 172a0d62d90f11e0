import { api, toast, validationMsgOr } from '@bet/web-shell/core';
import { Modal } from '@bet/web-shell/ui';
import { type FormEvent, useState } from 'react';
import { emptyGame, fromLocalInput, type GameFields, GameFieldsForm } from './games-form';

export function CreateGame({ onClose, onDone }: { onClose: () => void; onDone: () => void }) {
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
