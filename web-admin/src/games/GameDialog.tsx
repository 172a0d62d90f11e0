import { api, msgOr, toast, validationMsgOr } from '@bet/web-shell/core';
import { Modal } from '@bet/web-shell/ui';
import { type FormEvent, useState } from 'react';
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
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    const common = {
      homeTeam: v.homeTeam,
      awayTeam: v.awayTeam,
      league: v.league,
      matchDate: v.matchDate ? fromLocalInput(v.matchDate) : '',
    };
    try {
      if (game) await api.put(`/games/${game._id}`, { ...common, status: v.status }, { silent: true });
      else
        await api.post(
          '/games',
          { ...common, odds: { home: Number(v.home), away: Number(v.away), draw: Number(v.draw) } },
          { silent: true },
        );
      toast.success(words.done);
      onDone();
      onClose();
    } catch (err) {
      toast.error(words.failed(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Modal title={words.title} onClose={onClose} wide>
      <form className="form" onSubmit={submit}>
        <GameFieldsForm value={v} onChange={setV} mode={mode} />
        <div className="form-actions">
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {busy ? words.busy : words.submit}
          </button>
        </div>
      </form>
    </Modal>
  );
}
