import { msgOr, toast } from '@bet/web-shell/core';
import { Modal } from '@bet/web-shell/ui';
import { type FormEvent, type ReactNode, useState } from 'react';

/**
 * An admin's form in a dialog: the fields, then Cancel and the submit button. Submitting runs
 * `check` (a message refuses before anything is sent), then `save`; once it is done the
 * dialog toasts `done`, calls `onDone` and closes, and a refusal is toasted with `failed`.
 */
export function FormDialog({
  title,
  wide,
  noValidate,
  submitLabel,
  busyLabel = 'Saving…',
  check,
  save,
  done,
  failed = (err) => msgOr(err, 'Action failed.'),
  onClose,
  onDone,
  children,
}: {
  title: string;
  wide?: boolean;
  noValidate?: boolean;
  submitLabel: string;
  busyLabel?: string;
  check?: () => string | null;
  save: () => Promise<unknown>;
  done: string;
  failed?: (err: unknown) => string;
  onClose: () => void;
  onDone: () => void;
  children: ReactNode;
}) {
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    const problem = check?.();
    if (problem) return void toast.error(problem);
    setBusy(true);
    try {
      await save();
      toast.success(done);
      onDone();
      onClose();
    } catch (err) {
      toast.error(failed(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Modal title={title} onClose={onClose} wide={wide}>
      <form className="form" onSubmit={submit} noValidate={noValidate}>
        {children}
        <div className="form-actions">
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {busy ? busyLabel : submitLabel}
          </button>
        </div>
      </form>
    </Modal>
  );
}
