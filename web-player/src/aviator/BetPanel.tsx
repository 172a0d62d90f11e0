import type { Answer } from '@bet/api-types';
import { api, formatMoney, msgOr, toast } from '@bet/web-shell/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { type AviatorView, liveMultiplier, type RoundBet } from './feed';

const QUICK = [1, 5, 10, 50];

/**
 * One of the two bet panels: stake (default 10), quick stakes, its own auto cash-out, and the
 * spec's button: Place Bet (betting, no bet yet) → Waiting for Next Round (placed) → Cash Out
 * (the bet is in the air).
 */
export function BetPanel({
  panel,
  view,
  serverNow,
  myBet,
  signedIn,
  onChange,
}: {
  panel: 1 | 2;
  view: AviatorView;
  serverNow: () => number;
  myBet: RoundBet | undefined;
  signedIn: boolean;
  onChange: () => void;
}) {
  const [stake, setStake] = useState('10');
  const [auto, setAuto] = useState(false);
  const [autoAt, setAutoAt] = useState('2.00');
  const [busy, setBusy] = useState(false);

  const placed = myBet !== undefined && view.roundId !== null;
  const active = placed && myBet.status === 'active';
  const canPlace = view.state === 'betting' && !placed;
  const canCashOut = view.state === 'running' && active;

  const place = async () => {
    setBusy(true);
    try {
      const res = await api.post<Answer<'/aviator/place-bet', 'post'>>(
        '/aviator/place-bet',
        { stake: Number(stake), panel, ...(auto ? { autoCashOut: Number(autoAt) } : {}) },
        { silent: true },
      );
      toast.success(res?.msg ?? 'Bet placed!');
      onChange();
    } catch (err) {
      toast.error(msgOr(err, 'Failed to place bet.'));
    } finally {
      setBusy(false);
    }
  };
  const cashOut = async () => {
    setBusy(true);
    try {
      const res = await api.post<Answer<'/aviator/cash-out', 'post'>>(
        '/aviator/cash-out',
        { panel },
        { silent: true },
      );
      toast.success(`Cashed out at ${res.multiplier.toFixed(2)}x for ${formatMoney(res.payout)}.`);
      onChange();
    } catch (err) {
      toast.error(msgOr(err, 'Failed to cash out.'));
    } finally {
      setBusy(false);
    }
  };

  let button: { label: string; onClick?: () => void; disabled: boolean; kind: string };
  if (canCashOut) {
    const m = liveMultiplier(view, serverNow());
    button = {
      label: `Cash Out ${formatMoney((myBet.stake * Math.floor(m * 100)) / 100)}`,
      onClick: cashOut,
      disabled: busy,
      kind: 'cashout',
    };
  } else if (placed && myBet.status === 'active') {
    button = { label: 'Waiting for Next Round', disabled: true, kind: 'waiting' };
  } else {
    button = { label: 'Place Bet', onClick: place, disabled: !canPlace || busy, kind: 'place' };
  }

  const outcome =
    placed && myBet.status === 'cashed_out'
      ? `Cashed out at ${myBet.cashedOutAt?.toFixed(2)}x: +${formatMoney(myBet.payout)}`
      : placed && myBet.status === 'lost'
        ? `Lost ${formatMoney(myBet.stake)}`
        : null;
  const id = `aviator-panel-${panel}`;

  return (
    <section className="bet-panel" aria-labelledby={`${id}-title`} data-testid={id}>
      <h3 id={`${id}-title`} className="bet-panel__title">
        Bet {panel}
      </h3>
      <div className="bet-panel__row">
        <label htmlFor={`${id}-stake`}>Stake ($)</label>
        <input
          id={`${id}-stake`}
          type="number"
          inputMode="decimal"
          min="0"
          step="0.01"
          value={stake}
          disabled={placed}
          onChange={(e) => setStake(e.target.value)}
        />
      </div>
      <fieldset className="bet-panel__quick">
        <legend className="visually-hidden">Quick stakes, bet {panel}</legend>
        {QUICK.map((q) => (
          <button
            key={q}
            type="button"
            className="chip"
            disabled={placed}
            onClick={() => setStake(String(q))}
          >
            ${q}
          </button>
        ))}
      </fieldset>
      <div className="bet-panel__row bet-panel__auto">
        <label>
          <input
            type="checkbox"
            checked={auto}
            disabled={placed}
            onChange={(e) => setAuto(e.target.checked)}
          />{' '}
          Auto cash-out at
        </label>
        <input
          aria-label={`Auto cash-out multiplier, bet ${panel}`}
          type="number"
          min="1.01"
          step="0.01"
          value={autoAt}
          disabled={placed || !auto}
          onChange={(e) => setAutoAt(e.target.value)}
        />
        <span aria-hidden="true">x</span>
      </div>
      {signedIn ? (
        <button
          type="button"
          className={`btn bet-panel__button bet-panel__button--${button.kind}`}
          disabled={button.disabled}
          onClick={button.onClick}
        >
          {button.label}
        </button>
      ) : (
        <Link className="btn bet-panel__button bet-panel__button--place" to="/login">
          Log in to play
        </Link>
      )}
      {outcome && <p className="bet-panel__outcome">{outcome}</p>}
    </section>
  );
}
