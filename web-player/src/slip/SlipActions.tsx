import type { usePlaceSlip } from './usePlaceSlip';
import type { SlipView } from './useSlipView';

/** Place (or accept the changed odds first) and Share. */
export function SlipActions({ view, actions }: { view: SlipView; actions: ReturnType<typeof usePlaceSlip> }) {
  const { slip, toAccept, warnings, freeBet, betType, count } = view;
  const { busy, place, share } = actions;
  return (
    <div className="slip__actions">
      {toAccept.length > 0 ? (
        <>
          <p className="slip__warning" role="alert">
            The odds changed on {toAccept.length} selection{toAccept.length === 1 ? '' : 's'}.
          </p>
          <button type="button" className="btn btn--accent btn--block" onClick={() => slip.acceptChanges()}>
            Accept odds changes
          </button>
        </>
      ) : (
        <button
          type="button"
          className="btn btn--primary btn--block"
          onClick={place}
          disabled={busy !== null || warnings.length > 0}
        >
          {busy === 'place'
            ? 'Placing…'
            : freeBet
              ? 'Place Free Bet'
              : betType === 'multi'
                ? 'Place Multi Bet'
                : count > 1
                  ? `Place ${count} Single Bets`
                  : 'Place Bet'}
        </button>
      )}
      <button type="button" className="btn btn--block" onClick={share} disabled={busy !== null}>
        {busy === 'share' ? 'Sharing…' : 'Share Slip'}
      </button>
    </div>
  );
}
