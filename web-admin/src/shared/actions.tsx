import { msgOr, toast } from '@bet/web-shell/core';
import { type ConfirmOptions, useConfirm } from '@bet/web-shell/ui';

/**
 * An action the admin confirms first (delete, cancel a game): asked in the page's dialog
 * (render `dialog` once), then `run`; `done` is toasted and `after` called, or the refusal
 * is toasted with `failed` as the fallback message.
 */
export function useConfirmedAction() {
  const { confirm, dialog } = useConfirm();
  async function act(a: {
    ask: ConfirmOptions;
    run: () => Promise<unknown>;
    done: string;
    failed?: string;
    after: () => void;
  }) {
    if (!(await confirm(a.ask))) return;
    try {
      await a.run();
      toast.success(a.done);
      a.after();
    } catch (err) {
      toast.error(msgOr(err, a.failed ?? 'Action failed.'));
    }
  }
  return { act, dialog };
}

/** A row's Edit and Delete buttons, each naming what it acts on. */
export function EditDeleteButtons({
  name,
  onEdit,
  onDelete,
}: {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <span className="row-actions">
      <button type="button" className="btn btn--sm" onClick={onEdit} aria-label={`Edit ${name}`}>
        Edit
      </button>
      <button
        type="button"
        className="btn btn--sm btn--danger"
        onClick={onDelete}
        aria-label={`Delete ${name}`}
      >
        Delete
      </button>
    </span>
  );
}
