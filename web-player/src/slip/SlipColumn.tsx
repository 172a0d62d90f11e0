import { type ReactNode, useState } from 'react';
import { Modal } from '../ui/Modal';
import { BetSlip } from './BetSlip';
import { useSlip } from './store';

/**
 * Page body with the bet slip in a sticky right column; on a phone the slip is a floating button
 * that opens it in a dialog.
 */
export function WithSlip({ children }: { children: ReactNode }) {
  const count = useSlip((s) => s.selections.length);
  const [open, setOpen] = useState(false);
  return (
    <div className="with-slip">
      <div className="with-slip__main">{children}</div>
      <aside className="with-slip__aside" aria-label="Bet slip">
        <BetSlip />
      </aside>
      <button
        type="button"
        className="slip-fab btn btn--primary"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
      >
        Bet Slip ({count})
      </button>
      {open && (
        <Modal title="Your Bet Slip" onClose={() => setOpen(false)}>
          <BetSlip />
        </Modal>
      )}
    </div>
  );
}
