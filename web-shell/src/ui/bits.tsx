import { type ReactNode, useEffect, useId, useState } from 'react';

export function Spinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="spinner-wrap" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="empty-state">
      <strong className="empty-state__title">{title}</strong>
      {children ? <p>{children}</p> : null}
    </div>
  );
}

/**
 * A load error in red text (spec 001 §8). Given `onRetry` (a page or panel that failed to load), it becomes a small
 * card with a Retry button, so a dropped connection costs a click, not a reload of the site.
 */
export function ErrorText({ children, onRetry }: { children: ReactNode; onRetry?: () => void }) {
  if (!onRetry)
    return (
      <p className="ui-error" role="alert">
        {children}
      </p>
    );
  return (
    <div className="load-error" role="alert">
      <span className="load-error__icon" aria-hidden="true">
        !
      </span>
      <p className="load-error__text">{children}</p>
      <button type="button" className="btn btn--sm" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}

/** A labelled control: the label points at the one control passed as a render function. */
export function FormField({
  label,
  hint,
  children,
}: {
  label: string;
  hint?: string;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children(id)}
      {hint ? <span className="field__hint">{hint}</span> : null}
    </div>
  );
}

export interface TabItem<T extends string> {
  value: T;
  label: string;
}

/** A row of tabs (ARIA tablist) switching a value. */
/** The id of a tab of `<Tabs panelId>`: what its panel is labelled by (`aria-labelledby`). */
export const tabId = (panelId: string, value: string) => `${panelId}-${value}`;

export function Tabs<T extends string>({
  items,
  value,
  onChange,
  label,
  panelId,
}: {
  items: TabItem<T>[];
  /** null: no tab stands for the current view (e.g. a filter none of them names) */
  value: T | null;
  onChange: (v: T) => void;
  label: string;
  /** the `role="tabpanel"` element the tabs switch: each tab says it controls it */
  panelId?: string;
}) {
  return (
    <div className="tabs" role="tablist" aria-label={label}>
      {items.map((t) => (
        <button
          key={t.value}
          type="button"
          role="tab"
          className="tab"
          id={panelId ? tabId(panelId, t.value) : undefined}
          aria-controls={panelId}
          aria-selected={t.value === value}
          tabIndex={t.value === (value ?? items[0]?.value) ? 0 : -1}
          onClick={() => onChange(t.value)}
          onKeyDown={(e) => {
            const i = items.findIndex((x) => x.value === value);
            if (e.key === 'ArrowRight') onChange(items[(i + 1) % items.length].value);
            if (e.key === 'ArrowLeft') onChange(items[(i - 1 + items.length) % items.length].value);
          }}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}

export function Pagination({
  page,
  totalPages,
  onPage,
}: {
  page: number;
  totalPages: number;
  onPage: (p: number) => void;
}) {
  // a missing or malformed page count shows no pager rather than a broken one
  if (!(totalPages > 1)) return null;
  return (
    <nav className="ui-pagination" aria-label="Pagination">
      <button type="button" className="btn btn--sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span aria-live="polite">
        Page {page} of {totalPages}
      </span>
      <button
        type="button"
        className="btn btn--sm"
        disabled={page >= totalPages}
        onClick={() => onPage(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}

/** The value after it has stopped changing for `ms` (search boxes). */
export function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}
