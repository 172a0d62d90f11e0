import { type ReactNode, useId } from 'react';

/** A labelled control whose error (client's or server's, by path) shows under it. */
export function Field({
  label,
  error,
  hint,
  children,
}: {
  label: string;
  error?: string;
  hint?: string;
  children: (id: string, describedBy: string | undefined) => ReactNode;
}) {
  const id = useId();
  const errId = `${id}-error`;
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label htmlFor={id}>{label}</label>
      {children(id, error ? errId : undefined)}
      {hint && !error ? <span className="field__hint">{hint}</span> : null}
      {error ? (
        <p id={errId} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A number input of a rules draft. */
export function NumberField({
  label,
  value,
  error,
  onChange,
  step = 'any',
  hint,
}: {
  label: string;
  value: string;
  error?: string;
  onChange: (v: string) => void;
  step?: string;
  hint?: string;
}) {
  return (
    <Field label={label} error={error} hint={hint}>
      {(id, describedBy) => (
        <input
          id={id}
          type="number"
          inputMode="decimal"
          step={step}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}
