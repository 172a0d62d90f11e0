import { useDock } from '@bet/web-shell/core';
import { type ReactNode, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { money } from '../lib/format';
import { Modal } from '../ui/Modal';
import { BetSlip } from './BetSlip';
import { effectiveBetType, slipTotals } from './rules';
import { useSlip } from './store';

/** The phone's slip bar: the count and what the slip would pay, one tap from the sheet. */
function SlipBar({ onOpen }: { onOpen: () => void }) {
  const { selections, betType, stake } = useSlip();
  const count = selections.length;
  const payout = slipTotals(selections, effectiveBetType(betType, count), stake).potentialPayout;
  return (
    <div className={count > 0 ? 'slip-bar slip-bar--filled' : 'slip-bar'}>
      <button type="button" className="slip-fab btn btn--primary" onClick={onOpen} aria-haspopup="dialog">
        Bet Slip ({count})
      </button>
      {count > 0 && payout > 0 && (
        <span className="slip-bar__payout">
          Pays <strong>{money(payout)}</strong>
        </span>
      )}
    </div>
  );
}

/**
 * Page body with the bet slip in a sticky right column; on a phone the slip is a bar above the
 * tab bar (and the tab bar's Betslip tab) that opens it as a bottom sheet.
 */
export function WithSlip({ children }: { children: ReactNode }) {
  // the tab bar's Betslip tab, pressed on a page without the slip, comes here to open it
  const location = useLocation();
  const [open, setOpen] = useState(
    () => (location.state as { openSlip?: boolean } | null)?.openSlip === true,
  );
  useEffect(() => {
    useDock.setState({ openSlip: () => setOpen(true) });
    return () => useDock.setState({ openSlip: null });
  }, []);
  return (
    <div className="with-slip">
      <div className="with-slip__main">{children}</div>
      <aside className="with-slip__aside" aria-label="Bet slip">
        <BetSlip />
      </aside>
      <SlipBar onOpen={() => setOpen(true)} />
      {open && (
        <Modal title="Your Bet Slip" onClose={() => setOpen(false)} sheet>
          <BetSlip variant="sheet" />
        </Modal>
      )}
    </div>
  );
}
