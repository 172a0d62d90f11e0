import { useCallback, useRef, useState } from 'react';
import { Modal } from './Modal';

export interface ConfirmOptions {
  title?: string;
  message: string;
  confirmLabel?: string;
  danger?: boolean;
}

/**
 * A confirmation asked in a dialog of the page (not the browser's confirm()): `await confirm({...})`
 * is true when the user agreed. Render `dialog` once in the component.
 */
export function useConfirm() {
  const [ask, setAsk] = useState<ConfirmOptions | null>(null);
  const resolver = useRef<((ok: boolean) => void) | null>(null);
  const confirm = useCallback(
    (opts: ConfirmOptions) =>
      new Promise<boolean>((resolve) => {
        resolver.current?.(false);
        resolver.current = resolve;
        setAsk(opts);
      }),
    [],
  );
  const answer = (ok: boolean) => {
    resolver.current?.(ok);
    resolver.current = null;
    setAsk(null);
  };
  const dialog = ask ? (
    <Modal title={ask.title ?? 'Are you sure?'} onClose={() => answer(false)} alert>
      <p>{ask.message}</p>
      <div className="form-actions">
        <button type="button" className="btn" onClick={() => answer(false)}>
          Cancel
        </button>
        <button
          type="button"
          data-autofocus
          className={ask.danger ? 'btn btn--danger' : 'btn btn--primary'}
          onClick={() => answer(true)}
        >
          {ask.confirmLabel ?? 'Confirm'}
        </button>
      </div>
    </Modal>
  ) : null;
  return { confirm, dialog };
}
