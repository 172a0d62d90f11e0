import { api, toast, validationMsgOr } from '@bet/web-shell/core';
import { FormField, Modal } from '@bet/web-shell/ui';
import { type FormEvent, useState } from 'react';
import type { Game } from '../types';

export function SetResult({
  game,
  onClose,
  onDone,
}: {
  game: Game;
  onClose: () => void;
  onDone: () => void;
}) {
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
        <p className="muted">
          Setting the result finishes the game and settles every bet on it: winning bets are paid.
          {game.status === 'upcoming' ? ' The game has not been played yet: check the score first.' : ''}
        </p>
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
