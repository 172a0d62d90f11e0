import { api, validationMsgOr } from '@bet/web-shell/core';
import { FormField } from '@bet/web-shell/ui';
import { useState } from 'react';
import { FormDialog } from '../shared/FormDialog';
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
  const score = (label: string, value: string, set: (v: string) => void) => (
    <FormField label={label}>
      {(id) => (
        <input id={id} type="number" min="0" step="1" value={value} onChange={(e) => set(e.target.value)} />
      )}
    </FormField>
  );
  return (
    <FormDialog
      title={`Set Result: ${game.homeTeam} vs ${game.awayTeam}`}
      noValidate
      submitLabel="Set Result"
      check={() =>
        !result
          ? 'Please select a result.'
          : homeScore === '' || awayScore === ''
            ? 'Please enter both home and away scores.'
            : null
      }
      save={() =>
        api.patch(
          `/games/${game._id}/result`,
          { result, homeScore: Number(homeScore), awayScore: Number(awayScore) },
          { silent: true },
        )
      }
      done="Result set and bets settled!"
      failed={(err) => validationMsgOr(err, 'Failed to set result.')}
      onClose={onClose}
      onDone={onDone}
    >
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
        {score('Home Score', homeScore, setHomeScore)}
        {score('Away Score', awayScore, setAwayScore)}
      </div>
    </FormDialog>
  );
}
