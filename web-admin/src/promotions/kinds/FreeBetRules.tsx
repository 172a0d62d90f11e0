import { currencySymbol } from '@bet/web-shell/core';
import { Field, NumberField } from '../fields';
import type { Errors } from '../form-errors';
import type { Drafts } from '../rules';

/** The rules section of a free bet: its fields, each with its error by path. */
export function FreeBetRules({
  values,
  set,
  errors,
}: {
  values: Drafts['free_bet'];
  set: (patch: Partial<Drafts['free_bet']>) => void;
  errors: Errors;
}) {
  return (
    <>
      <div className="form-row">
        <NumberField
          label={`Amount (${currencySymbol()})`}
          step="0.01"
          value={values.amount}
          error={errors['rules.amount']}
          onChange={(amount) => set({ amount })}
        />
        <NumberField
          label="Minimum odds"
          step="0.01"
          value={values.minOdds}
          error={errors['rules.minOdds']}
          onChange={(minOdds) => set({ minOdds })}
        />
        <NumberField
          label="Valid for (days)"
          step="1"
          value={values.expiresInDays}
          error={errors['rules.expiresInDays']}
          onChange={(expiresInDays) => set({ expiresInDays })}
        />
      </div>
      <div className="form-row">
        <Field label="Leagues (optional)" error={errors['rules.leagues']} hint="Comma-separated">
          {(id, describedBy) => (
            <input
              id={id}
              value={values.leagues}
              aria-describedby={describedBy}
              onChange={(e) => set({ leagues: e.target.value })}
            />
          )}
        </Field>
        <Field label="Markets (optional)" error={errors['rules.markets']} hint="Comma-separated, e.g. 1x2">
          {(id, describedBy) => (
            <input
              id={id}
              value={values.markets}
              aria-describedby={describedBy}
              onChange={(e) => set({ markets: e.target.value })}
            />
          )}
        </Field>
      </div>
    </>
  );
}
