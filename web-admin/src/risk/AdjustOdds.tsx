import { api } from '@bet/web-shell/core';
import { useState } from 'react';
import { FormDialog } from '../shared/FormDialog';
import { OddsField } from '../shared/fields';
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
  const field = (k: 'home' | 'draw' | 'away', label: string) => (
    <OddsField label={label} value={v[k]} onChange={(value) => setV({ ...v, [k]: value })} />
  );
  return (
    <FormDialog
      title={`Adjust Odds: ${gameTitle(game)}`}
      submitLabel="Update Odds"
      save={() =>
        api.patch(
          `/admin/games/${game._id}/adjust-odds`,
          { home: Number(v.home), draw: Number(v.draw), away: Number(v.away) },
          { silent: true },
        )
      }
      done="Odds updated successfully!"
      onClose={onClose}
      onDone={onDone}
    >
      <div className="form-row">
        {field('home', 'Home')}
        {field('draw', 'Draw')}
        {field('away', 'Away')}
      </div>
    </FormDialog>
  );
}
