import { FormField } from '@bet/web-shell/ui';
import { OddsField } from '../shared/fields';
import type { Game, GameStatus } from '../types';

/** A datetime-local value (the admin's own clock) for an instant. */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value sent with an explicit offset (docs/api-conventions.md: no offset means UTC). */
export function fromLocalInput(value: string): string {
  return new Date(value).toISOString();
}

export interface GameFields {
  homeTeam: string;
  awayTeam: string;
  league: string;
  matchDate: string;
  status: GameStatus;
  home: string;
  draw: string;
  away: string;
}

export const emptyGame: GameFields = {
  homeTeam: '',
  awayTeam: '',
  league: '',
  matchDate: '',
  status: 'upcoming',
  home: '',
  draw: '',
  away: '',
};

export function fieldsOf(g: Game): GameFields {
  return {
    homeTeam: g.homeTeam,
    awayTeam: g.awayTeam,
    league: g.league ?? '',
    matchDate: toLocalInput(g.matchDate),
    status: g.status,
    home: String(g.odds.home),
    draw: String(g.odds.draw),
    away: String(g.odds.away),
  };
}

export function GameFieldsForm({
  value,
  onChange,
  mode,
}: {
  value: GameFields;
  onChange: (v: GameFields) => void;
  mode: 'create' | 'edit';
}) {
  const set = (k: keyof GameFields) => (e: { target: { value: string } }) =>
    onChange({ ...value, [k]: e.target.value });
  return (
    <>
      <div className="form-row">
        <FormField label="Home Team">
          {(id) => <input id={id} required value={value.homeTeam} onChange={set('homeTeam')} />}
        </FormField>
        <FormField label="Away Team">
          {(id) => <input id={id} required value={value.awayTeam} onChange={set('awayTeam')} />}
        </FormField>
      </div>
      <div className="form-row">
        <FormField label="League">
          {(id) => <input id={id} required value={value.league} onChange={set('league')} />}
        </FormField>
        <FormField label="Match Date">
          {(id) => (
            <input
              id={id}
              type="datetime-local"
              required
              value={value.matchDate}
              onChange={set('matchDate')}
            />
          )}
        </FormField>
      </div>
      {mode === 'edit' ? (
        <FormField label="Status">
          {(id) => (
            <select id={id} value={value.status} onChange={set('status')}>
              <option value="upcoming">Upcoming</option>
              <option value="live">Live</option>
              <option value="finished">Finished</option>
              <option value="cancelled">Cancelled</option>
            </select>
          )}
        </FormField>
      ) : (
        <div className="form-row">
          <OddsField label="Home Odds" value={value.home} onChange={(home) => onChange({ ...value, home })} />
          <OddsField label="Draw Odds" value={value.draw} onChange={(draw) => onChange({ ...value, draw })} />
          <OddsField label="Away Odds" value={value.away} onChange={(away) => onChange({ ...value, away })} />
        </div>
      )}
    </>
  );
}
