import { type ReactNode, useEffect, useRef } from 'react';

/**
 * Details beside the list they belong to (issue 34 item 7), not below it out of view: a
 * labelled panel, sticky beside the list on a wide screen and over it on a narrow one (the
 * stylesheet decides). It takes the focus when it opens; Close and Escape close it (Escape is
 * left to a dialog opened over it).
 */
export function SidePanel({
  label,
  onClose,
  children,
}: {
  label: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLElement>(null);
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    ref.current?.focus({ preventScroll: true });
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      if (document.querySelector('[role="dialog"][aria-modal="true"], [role="alertdialog"]')) return;
      close.current();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  return (
    <aside ref={ref} className="side-panel" aria-label={label} tabIndex={-1}>
      <button type="button" className="icon-btn side-panel__close" onClick={onClose}>
        <span aria-hidden="true">✕</span>
        <span className="visually-hidden">Close {label.toLowerCase()}</span>
      </button>
      {children}
    </aside>
  );
}
