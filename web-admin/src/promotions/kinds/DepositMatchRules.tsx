import { currencySymbol } from '@bet/web-shell/core';
import { NumberField } from '../fields';
import type { Errors } from '../form-errors';
import type { Drafts } from '../rules';

/** The rules section of a deposit match: its fields, each with its error by path. */
export function DepositMatchRules({
  values,
  set,
  errors,
}: {
  values: Drafts['deposit_match'];
  set: (patch: Partial<Drafts['deposit_match']>) => void;
  errors: Errors;
}) {
  return (
    <>
      <div className="form-row">
        <NumberField
          label="Match %"
          step="1"
          value={values.percent}
          error={errors['rules.percent']}
          onChange={(percent) => set({ percent })}
        />
        <NumberField
          label={`Cap (${currencySymbol()})`}
          step="0.01"
          value={values.cap}
          error={errors['rules.cap']}
          onChange={(cap) => set({ cap })}
        />
      </div>
      <div className="form-row">
        <NumberField
          label="Wagering ×"
          step="1"
          hint="0 for none"
          value={values.wagering}
          error={errors['rules.wagering']}
          onChange={(wagering) => set({ wagering })}
        />
        <NumberField
          label="Minimum odds"
          step="0.01"
          value={values.minOdds}
          error={errors['rules.minOdds']}
          onChange={(minOdds) => set({ minOdds })}
        />
        <NumberField
          label="Days to wager"
          step="1"
          value={values.expiresInDays}
          error={errors['rules.expiresInDays']}
          onChange={(expiresInDays) => set({ expiresInDays })}
        />
      </div>
      <label className="check">
        <input
          type="checkbox"
          checked={values.firstDepositOnly}
          onChange={(e) => set({ firstDepositOnly: e.target.checked })}
        />
        First deposit only
      </label>
    </>
  );
}
