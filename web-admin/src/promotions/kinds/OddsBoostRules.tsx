import { currencySymbol } from '@bet/web-shell/core';
import type { GamePage } from '../../types';
import { Field, NumberField } from '../fields';
import type { Errors } from '../form-errors';
import type { Drafts } from '../rules';

const OUTCOMES_1X2 = [
  { value: 'A', label: 'Home win (A)' },
  { value: 'Draw', label: 'Draw' },
  { value: 'B', label: 'Away win (B)' },
];

/** The rules section of an odds boost: its fields, each with its error by path. */
export function OddsBoostRules({
  values,
  set,
  errors,
  games,
}: {
  values: Drafts['odds_boost'];
  set: (patch: Partial<Drafts['odds_boost']>) => void;
  errors: Errors;
  games: GamePage['games'];
}) {
  return (
    <>
      <Field label="Game" error={errors['rules.gameId']}>
        {(id, describedBy) => (
          <select
            id={id}
            value={values.gameId}
            aria-describedby={describedBy}
            onChange={(e) => set({ gameId: e.target.value })}
          >
            <option value="">Choose a game…</option>
            {games.map((g) => (
              <option key={g._id} value={g._id}>
                {g.homeTeam} vs {g.awayTeam} · {new Date(g.matchDate).toLocaleDateString()}
              </option>
            ))}
            {values.gameId && !games.some((g) => g._id === values.gameId) && (
              <option value={values.gameId}>Game {values.gameId}</option>
            )}
          </select>
        )}
      </Field>
      <div className="form-row">
        <Field label="Market" error={errors['rules.market']}>
          {(id, describedBy) => (
            <input
              id={id}
              value={values.market}
              aria-describedby={describedBy}
              onChange={(e) => set({ market: e.target.value })}
            />
          )}
        </Field>
        <Field label="Outcome" error={errors['rules.outcome']}>
          {(id, describedBy) =>
            values.market.trim() === '1x2' ? (
              <select
                id={id}
                value={values.outcome}
                aria-describedby={describedBy}
                onChange={(e) => set({ outcome: e.target.value })}
              >
                {OUTCOMES_1X2.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            ) : (
              <input
                id={id}
                value={values.outcome}
                aria-describedby={describedBy}
                onChange={(e) => set({ outcome: e.target.value })}
              />
            )
          }
        </Field>
      </div>
      <fieldset className="seg-group">
        <legend className="field__label">Boost by</legend>
        {(['odds', 'percent'] as const).map((b) => (
          <label key={b} className="check">
            <input
              type="radio"
              name="boostBy"
              checked={values.boostBy === b}
              onChange={() => set({ boostBy: b })}
            />
            {b === 'odds' ? 'A boosted price' : 'A % on the price'}
          </label>
        ))}
      </fieldset>
      <div className="form-row">
        {values.boostBy === 'odds' ? (
          <NumberField
            label="Boosted odds"
            step="0.01"
            value={values.boostedOdds}
            error={errors['rules.boostedOdds']}
            onChange={(boostedOdds) => set({ boostedOdds })}
          />
        ) : (
          <NumberField
            label="Boost %"
            step="0.01"
            value={values.boostPercent}
            error={errors['rules.boostPercent'] ?? errors['rules.boostedOdds']}
            onChange={(boostPercent) => set({ boostPercent })}
          />
        )}
        <NumberField
          label={`Maximum stake (${currencySymbol()})`}
          step="0.01"
          value={values.maxStake}
          error={errors['rules.maxStake']}
          onChange={(maxStake) => set({ maxStake })}
        />
      </div>
    </>
  );
}
