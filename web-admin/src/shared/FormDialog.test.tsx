import { toast } from '@bet/web-shell/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EditDeleteButtons, useConfirmedAction } from './actions';
import { FormDialog } from './FormDialog';

afterEach(cleanup);

function dialog(over: Partial<Parameters<typeof FormDialog>[0]> = {}) {
  const props = {
    title: 'Edit Thing',
    submitLabel: 'Save Thing',
    save: vi.fn(async () => {}),
    done: 'Thing saved!',
    onClose: vi.fn(),
    onDone: vi.fn(),
    ...over,
  };
  render(
    <FormDialog {...props}>
      <input aria-label="Name" />
    </FormDialog>,
  );
  return props;
}

describe('<FormDialog>', () => {
  it('saves, says so, then reloads and closes', async () => {
    const success = vi.spyOn(toast, 'success');
    let finish = () => {};
    const save = vi.fn(() => new Promise<void>((r) => (finish = r)));
    const p = dialog({ save, busyLabel: 'Saving thing…' });
    expect(screen.getByRole('dialog').textContent).toContain('Edit Thing');
    fireEvent.click(screen.getByRole('button', { name: 'Save Thing' }));
    // while it saves, the button says so and cannot be pressed again
    const busy = await screen.findByRole('button', { name: 'Saving thing…' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    finish();
    await waitFor(() => expect(p.onClose).toHaveBeenCalledOnce());
    expect(save).toHaveBeenCalledOnce();
    expect(success).toHaveBeenCalledWith('Thing saved!');
    expect(p.onDone).toHaveBeenCalledOnce();
  });

  it('refuses before sending when the check says no, and keeps the dialog open on a refusal', async () => {
    const error = vi.spyOn(toast, 'error');
    const p = dialog({ check: () => 'Please pick one.' });
    fireEvent.click(screen.getByRole('button', { name: 'Save Thing' }));
    expect(error).toHaveBeenCalledWith('Please pick one.');
    expect(p.save).not.toHaveBeenCalled();
    cleanup();

    const refused = dialog({
      save: vi.fn(async () => {
        throw new Error('nope');
      }),
      failed: () => 'Failed to save thing.',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save Thing' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to save thing.'));
    expect(refused.onDone).not.toHaveBeenCalled();
    expect(refused.onClose).not.toHaveBeenCalled();
    // Cancel closes without saving
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(refused.onClose).toHaveBeenCalledOnce();
  });
});

/** a row whose Delete asks first */
function Row({ run, after }: { run: () => Promise<unknown>; after: () => void }) {
  const { act, dialog } = useConfirmedAction();
  return (
    <>
      <EditDeleteButtons
        name="Arsenal"
        onEdit={() => {}}
        onDelete={() =>
          act({
            ask: { message: 'Delete Arsenal?', confirmLabel: 'Delete', danger: true },
            run,
            done: 'Deleted!',
            after,
          })
        }
      />
      {dialog}
    </>
  );
}

describe('useConfirmedAction', () => {
  it('acts only once the admin confirms, then says so and reloads', async () => {
    const success = vi.spyOn(toast, 'success');
    const run = vi.fn(async () => {});
    const after = vi.fn();
    render(<Row run={run} after={after} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Arsenal' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(run).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Delete Arsenal' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(dialog.querySelector('.btn--danger') as HTMLElement);
    await waitFor(() => expect(after).toHaveBeenCalledOnce());
    expect(run).toHaveBeenCalledOnce();
    expect(success).toHaveBeenCalledWith('Deleted!');
  });
});
