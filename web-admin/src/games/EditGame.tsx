import { api, msgOr, toast } from '@bet/web-shell/core';
import { Modal } from '@bet/web-shell/ui';
import { type FormEvent, useState } from 'react';
import type { Game } from '../types';
import { fieldsOf, fromLocalInput, type GameFields, GameFieldsForm } from './games-form';

export function EditGame({ game, onClose, onDone }: { game: Game; onClose: () => void; onDone: () => void }) {
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
