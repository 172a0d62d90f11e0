import { msgOr, toast } from '@bet/web-shell/core';
import { useState } from 'react';
import { money } from '../lib/format';
import { pickLabel } from '../lib/picks';
import { Modal } from '../ui/Modal';
import { cashOutBet, OFFER_REFRESH_MS, useCashOutOffer } from './cashOut';
import type { Bet } from './types';

/** Cash out in two steps: the offer on the button, then a confirmation that keeps it current. */
export function CashOutButton({ bet, onDone }: { bet: Bet; onDone: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const sel = bet.selections[0];
  const offer = useCashOutOffer(bet._id, sel?.game?._id, confirming ? OFFER_REFRESH_MS : null);
  const [busy, setBusy] = useState(false);
  const cashOut = async () => {
    setBusy(true);
    try {
      const res = await cashOutBet(bet._id);
      toast.success(res?.msg || 'Bet cashed out successfully!');
      setConfirming(false);
      onDone();
    } catch (err) {
      toast.error(msgOr(err, 'Cash out failed.'));
      setBusy(false);
    }
  };
  return (
    <>
      <button
        type="button"
        className="btn btn--sm btn--primary"
        onClick={() => setConfirming(true)}
        disabled={busy}
      >
        {offer !== null ? `Cash Out ${money(offer)}` : 'Cash Out'}
      </button>
      {confirming && (
        <Modal title="Cash out this bet?" onClose={() => !busy && setConfirming(false)}>
          <div className="cashout">
            {sel?.game && (
              <p className="cashout__match">
                {sel.game.homeTeam} vs {sel.game.awayTeam}
                <span className="muted">
                  {' '}
                  · {pickLabel(sel.outcome, sel.game.homeTeam, sel.game.awayTeam, sel.market)}
                </span>
              </p>
            )}
            <dl className="slip__totals">
              <div>
                <dt>Stake</dt>
                <dd>{money(bet.stake)}</dd>
              </div>
              {typeof bet.potentialPayout === 'number' && (
                <div>
                  <dt>Potential payout</dt>
                  <dd>{money(bet.potentialPayout)}</dd>
                </div>
              )}
              <div>
                <dt>Cash-out offer</dt>
                <dd className="cashout__offer" aria-live="polite">
                  {offer !== null ? money(offer) : '…'}
                </dd>
              </div>
            </dl>
            <p className="muted cashout__note">
              The offer follows the match and is refreshed every few seconds; you are paid the offer at the
              moment you confirm.
            </p>
            <div className="form-actions">
              <button type="button" className="btn" onClick={() => setConfirming(false)} disabled={busy}>
                Keep bet
              </button>
              <button
                type="button"
                className="btn btn--primary"
                onClick={cashOut}
                disabled={busy || offer === null}
              >
                {busy ? 'Cashing out…' : `Confirm cash out${offer !== null ? ` ${money(offer)}` : ''}`}
              </button>
            </div>
          </div>
        </Modal>
      )}
    </>
  );
}
