import { NumberField } from '../fields';
import type { Errors } from '../form-errors';
import type { Drafts } from '../rules';

/** The rules section of an accumulator bonus: its fields, each with its error by path. */
export function AccaBonusRules({
  values,
  set,
  errors,
}: {
  values: Drafts['acca_bonus'];
  set: (patch: Partial<Drafts['acca_bonus']>) => void;
  errors: Errors;
}) {
  return (
    <>
      <NumberField
        label="Minimum odds per leg"
        step="0.01"
        value={values.minOddsPerLeg}
        error={errors['rules.minOddsPerLeg']}
        onChange={(minOddsPerLeg) => set({ minOddsPerLeg })}
      />
      <div className="field">
        <span className="field__label">Bonus by number of legs</span>
        {errors['rules.tiers'] && <p className="field__error">{errors['rules.tiers']}</p>}
        <ul className="tiers-edit">
          {values.tiers.map((t, i) => {
            const setTier = (patch: Partial<typeof t>) =>
              set({
                tiers: values.tiers.map((x, j) => (j === i ? { ...x, ...patch } : x)),
              });
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: a tier's place is its identity while it is edited
              <li key={i} className="tiers-edit__row">
                <NumberField
                  label={`Tier ${i + 1} legs`}
                  step="1"
                  value={t.legs}
                  error={errors[`rules.tiers[${i}].legs`]}
                  onChange={(legs) => setTier({ legs })}
                />
                <NumberField
                  label={`Tier ${i + 1} bonus %`}
                  step="0.01"
                  value={t.percent}
                  error={errors[`rules.tiers[${i}].percent`]}
                  onChange={(percent) => setTier({ percent })}
                />
                <button
                  type="button"
                  className="btn tiers-edit__remove"
                  aria-label={`Remove tier ${i + 1}`}
                  onClick={() => set({ tiers: values.tiers.filter((_, j) => j !== i) })}
                >
                  ×
                </button>
              </li>
            );
          })}
        </ul>
        <button
          type="button"
          className="btn btn--sm tiers-edit__add"
          disabled={values.tiers.length >= 30}
          onClick={() => set({ tiers: [...values.tiers, { legs: '', percent: '' }] })}
        >
          Add tier
        </button>
      </div>
    </>
  );
}
