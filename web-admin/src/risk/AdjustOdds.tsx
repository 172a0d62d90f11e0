import { api, msgOr, toast } from '@bet/web-shell/core';
import { FormField, Modal } from '@bet/web-shell/ui';
import { type FormEvent, useState } from 'react';
import type { ExposedGame } from '../types';

import { gameTitle } from './game-title';

export function AdjustOdds({
  game,
  onClose,
  onDone,
}: {
  game: ExposedGame;
  onClose: () => void;
  onDone: () => void;
}) {
  const [v, setV] = useState({
    home: String(game.odds?.home ?? ''),
    draw: String(game.odds?.draw ?? ''),
    away: String(game.odds?.away ?? ''),
  });
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      await api.patch(
        `/admin/games/${game._id}/adjust-odds`,
        { home: Number(v.home), draw: Number(v.draw), away: Number(v.away) },
        { silent: true },
      );
      toast.success('Odds updated successfully!');
      onDone();
      onClose();
    } catch (err) {
      toast.error(msgOr(err, 'Action failed.'));
    } finally {
      setBusy(false);
    }
  }
  const field = (k: 'home' | 'draw' | 'away', label: string) => (
    <FormField label={label}>
      {(id) => (
        <input
          id={id}
          type="number"
          step="0.01"
          min="1.01"
          required
          value={v[k]}
          onChange={(e) => setV({ ...v, [k]: e.target.value })}
        />
      )}
    </FormField>
  );
  return (
    <Modal title={`Adjust Odds: ${gameTitle(game)}`} onClose={onClose}>
      <form className="form" onSubmit={submit}>
        <div className="form-row">
          {field('home', 'Home')}
          {field('draw', 'Draw')}
          {field('away', 'Away')}
        </div>
        <div className="form-actions">
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {busy ? 'Saving…' : 'Update Odds'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
