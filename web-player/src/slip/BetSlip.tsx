import { useId } from 'react';
import { BetTypeChoice } from './BetTypeChoice';
import { BookingCodeLoader } from './BookingCode';
import { FreeBetPicker } from './FreeBetPicker';
import { Receipt } from './Receipt';
import { SharePanel } from './Share';
import { SlipActions } from './SlipActions';
import { SlipAddons } from './SlipAddons';
import { SlipOptions } from './SlipOptions';
import { SlipSelections } from './SlipSelections';
import { SlipTotals } from './SlipTotals';
import { StakeField } from './StakeField';
import { usePlaceSlip } from './usePlaceSlip';
import { useSlipView } from './useSlipView';

export { tokenLabel } from './FreeBetPicker';
export { MSG_SHARE_COPIED } from './Share';
export { MSG_BETS_PLACED } from './usePlaceSlip';

/**
 * The bet slip: selections, stake with inline checks (balance, stake limits, changed odds),
 * totals, place and share, then a receipt. `variant="sheet"` is the phone's bottom sheet, whose
 * dialog already carries the title.
 */
export function BetSlip({
  headingId,
  variant = 'panel',
}: {
  headingId?: string;
  variant?: 'panel' | 'sheet';
}) {
  const view = useSlipView();
  const actions = usePlaceSlip(view);
  const { slip, count, betType, tokens, fits } = view;
  const { receipt, closeReceipt, shared } = actions;
  const ownHeadingId = useId();
  const hid = headingId ?? ownHeadingId;
  const Title = variant === 'sheet' ? 'h3' : 'h2';
  return (
    <section className={`slip slip--${variant}${variant === 'panel' ? ' card' : ''}`} aria-labelledby={hid}>
      <div className="slip__header">
        <Title id={hid} className={variant === 'sheet' ? 'visually-hidden' : 'card__title'}>
          Bet Slip <span className="slip__count">({count})</span>
        </Title>
        {count > 0 && !receipt && (
          <button type="button" className="link-btn" onClick={() => slip.clear()}>
            Clear all
          </button>
        )}
      </div>

      {receipt ? (
        <Receipt data={receipt} onDone={closeReceipt} />
      ) : (
        <>
          <BetTypeChoice betType={betType} />
          {count === 0 ? (
            <div className="slip__empty">
              <p className="muted">Your bet slip is empty. Click on the odds of a game to add a selection.</p>
              <BookingCodeLoader />
            </div>
          ) : (
            <SlipSelections />
          )}
          {tokens.length > 0 && count > 0 && <FreeBetPicker tokens={tokens} fits={fits} />}
          <StakeField view={view} />
          <SlipTotals view={view} />
          <SlipOptions />
          <SlipActions view={view} actions={actions} />
          {shared && <SharePanel result={shared} />}
          {count > 0 && <BookingCodeLoader compact />}
          <SlipAddons />
        </>
      )}
    </section>
  );
}
