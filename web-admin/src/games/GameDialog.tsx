import { api, msgOr, validationMsgOr } from '@bet/web-shell/core';
import { useState } from 'react';
import { FormDialog } from '../shared/FormDialog';
import type { Game } from '../types';
import { emptyGame, fieldsOf, fromLocalInput, type GameFields, GameFieldsForm } from './games-form';

/** The words of each mode: the spec's titles, buttons and toasts. */
const WORDS = {
  create: {
    title: 'Create Game',
    submit: 'Create Game',
    busy: 'Creating…',
    done: 'Game created successfully!',
    failed: (err: unknown) => validationMsgOr(err, 'Failed to create game.'),
  },
  edit: {
    title: 'Edit Game',
    submit: 'Save Changes',
    busy: 'Saving…',
    done: 'Game updated successfully!',
    failed: (err: unknown) => msgOr(err, 'Failed to update game.'),
  },
};

/** Create a game (teams, league, kick-off, opening odds) or edit one (the same, and its status; odds move on the risk screen). */
export function GameDialog(props: { game?: Game; onClose: () => void; onDone: () => void }) {
  const { game, onClose, onDone } = props;
  const mode = game ? 'edit' : 'create';
  const words = WORDS[mode];
  const [v, setV] = useState<GameFields>(game ? fieldsOf(game) : emptyGame);
  function save() {
    const common = {
      homeTeam: v.homeTeam,
      awayTeam: v.awayTeam,
      league: v.league,
      matchDate: v.matchDate ? fromLocalInput(v.matchDate) : '',
    };
    if (game) return api.put(`/games/${game._id}`, { ...common, status: v.status }, { silent: true });
    return api.post(
      '/games',
      { ...common, odds: { home: Number(v.home), away: Number(v.away), draw: Number(v.draw) } },
      { silent: true },
    );
  }
  return (
    <FormDialog
      title={words.title}
      wide
      submitLabel={words.submit}
      busyLabel={words.busy}
      save={save}
      done={words.done}
      failed={words.failed}
      onClose={onClose}
      onDone={onDone}
    >
      <GameFieldsForm value={v} onChange={setV} mode={mode} />
    </FormDialog>
  );
}
