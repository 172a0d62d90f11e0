import type { Answer } from '@bet/api-types';
import {
  api,
  byCurrency,
  currencySymbol,
  formatMoney,
  formatWholeMoney,
  msgOr,
  toast,
  useWallet,
} from '@bet/web-shell/core';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { cashOutAmount } from './amount';
import { type AutoPlay, afterRefusal, afterRound, mayBet, parseLimits, startAutoPlay } from './autoplay';
import type { AviatorView, RoundBet } from './feed';

/** quick stakes, in the deployment's currency */
const quick = () => byCurrency({ USD: [1, 5, 10, 50], NGN: [100, 500, 1000, 5000] });

/** A bet placed during a flight, held for the next round (its roundId) until that round opens. */
export interface HeldBet {
  betId: string;
  roundId: string;
  stake: number;
}

/**
 * One of the two bet panels: stake (default 10), quick stakes, its own auto cash-out, and the
 * spec's button: Place Bet (betting, no bet yet) → Waiting for Next Round (placed) → Cash Out
 * (the bet is in the air). During a flight the panel bets for the next round (Bet for Next
 * Round), and a bet that has not flown yet can be cancelled (Cancel) until its round starts.
 */
export function BetPanel({
  panel,
  view,
  serverNow,
  myBet,
  held,
  onHeld,
  signedIn,
  onChange,
}: {
  panel: 1 | 2;
  view: AviatorView;
  serverNow: () => number;
  myBet: RoundBet | undefined;
  held: HeldBet | undefined;
  onHeld: (bet: HeldBet | undefined) => void;
  signedIn: boolean;
  onChange: () => void;
}) {
  const [stake, setStake] = useState(() => byCurrency({ USD: '10', NGN: '100' }));
  const [auto, setAuto] = useState(false);
  const [autoAt, setAutoAt] = useState('2.00');
  const [busy, setBusy] = useState(false);

  const placed = myBet !== undefined && view.roundId !== null;
  const active = placed && myBet.status === 'active';
  const inPlay = active || held !== undefined;
  const canPlace = view.state === 'betting' && !placed && !held;
  const canBetNext = view.state !== 'betting' && !active && !held;
  const canCashOut = view.state === 'running' && active;
  const canCancel = (held !== undefined || (active && view.state === 'betting')) && !busy;

  const balance = useWallet((w) => w.balance);
  const [autoPlay, setAutoPlay] = useState<AutoPlay | null>(null);
  const [autoForm, setAutoForm] = useState({ rounds: '10', down: '', up: '', win: '' });
  const [showAutoPlay, setShowAutoPlay] = useState(false);
  /** the balance right after the stake of the round auto-play bet in, and that round */
  const autoRound = useRef<{ roundId: string; afterStake: number; counted: boolean } | null>(null);

  const place = async (byAutoPlay = false) => {
    setBusy(true);
    try {
      const res = await api.post<Answer<'/aviator/place-bet', 'post'>>(
        '/aviator/place-bet',
        { stake: Number(stake), panel, ...(auto ? { autoCashOut: Number(autoAt) } : {}) },
        // one Idempotency-Key per bet: a 503 or a cut connection is retried with it, never bet twice
        { silent: true, idempotent: {} },
      );
      if (!byAutoPlay) toast.success(res?.msg ?? 'Bet placed!');
      else autoRound.current = { roundId: res.roundId, afterStake: res.balance, counted: false };
      if (res.nextRound) onHeld({ betId: res.betId, roundId: res.roundId, stake: res.stake });
      onChange();
    } catch (err) {
      const msg = msgOr(err, 'Failed to place bet.');
      toast.error(msg);
      // a limit, a time-out, a self-exclusion: auto-play stops at once
      if (byAutoPlay) setAutoPlay((a) => a && afterRefusal(a, msg));
    } finally {
      setBusy(false);
    }
  };

  // auto-play: a bet at each round's opening, its result counted at the round's end
  const roundId = view.roundId;
  const state = view.state;
  // biome-ignore lint/correctness/useExhaustiveDependencies: acts on the round's moments only
  useEffect(() => {
    if (!autoPlay || autoPlay.stopped || busy) return;
    const mineDone = myBet && (myBet.status === 'cashed_out' || myBet.status === 'lost');
    const last = autoRound.current;
    if (last && !last.counted && last.roundId === roundId && mineDone) {
      last.counted = true;
      const payout = myBet.status === 'cashed_out' ? (myBet.payout ?? 0) : 0;
      setAutoPlay((a) => a && afterRound(a, { payout, balance: last.afterStake + payout }));
      return;
    }
    if (state === 'betting' && roundId && !placed && !held && last?.roundId !== roundId) {
      if (!mayBet(autoPlay, Number(stake), balance ?? 0)) {
        setAutoPlay((a) => a && { ...a, stopped: 'Stopped: the next stake would pass your loss limit.' });
        return;
      }
      void place(true);
    }
  }, [autoPlay, roundId, state, myBet?.status, placed, held, busy]);

  const startAuto = () => {
    const limits = parseLimits(autoForm);
    if (typeof limits === 'string') {
      toast.error(limits);
      return;
    }
    autoRound.current = null;
    setAutoPlay(startAutoPlay(limits, balance ?? 0));
  };
  const playing = autoPlay !== null && autoPlay.stopped === null;
  const cancel = async () => {
    setBusy(true);
    try {
      const res = await api.post<Answer<'/aviator/cancel', 'post'>>(
        '/aviator/cancel',
        { panel },
        { silent: true },
      );
      toast.success(res?.msg ?? 'Bet cancelled.');
      onHeld(undefined);
      onChange();
    } catch (err) {
      toast.error(msgOr(err, 'Failed to cancel the bet.'));
      onChange();
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
      // what the server paid, not what the button showed
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
    button = { label: 'Cash Out', onClick: cashOut, disabled: busy, kind: 'cashout' };
  } else if (inPlay) {
    button = { label: 'Waiting for Next Round', disabled: true, kind: 'waiting' };
  } else if (canBetNext) {
    button = {
      label: 'Bet for Next Round',
      onClick: () => void place(),
      disabled: busy || playing,
      kind: 'place',
    };
  } else {
    button = {
      label: 'Place Bet',
      onClick: () => void place(),
      disabled: !canPlace || busy || playing,
      kind: 'place',
    };
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
      <h2 id={`${id}-title`} className="bet-panel__title">
        Bet {panel}
      </h2>
      <div className="bet-panel__row">
        <label htmlFor={`${id}-stake`}>Stake ({currencySymbol()})</label>
        <input
          id={`${id}-stake`}
          type="number"
          inputMode="decimal"
          min="0"
          step="0.01"
          value={stake}
          disabled={inPlay}
          onChange={(e) => setStake(e.target.value)}
        />
      </div>
      <fieldset className="bet-panel__quick">
        <legend className="visually-hidden">Quick stakes, bet {panel}</legend>
        {quick().map((q) => (
          <button
            key={q}
            type="button"
            className="chip"
            disabled={inPlay}
            onClick={() => setStake(String(q))}
          >
            {formatWholeMoney(q)}
          </button>
        ))}
      </fieldset>
      <div className="bet-panel__row bet-panel__auto">
        <label>
          <input
            type="checkbox"
            checked={auto}
            disabled={inPlay}
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
          disabled={inPlay || !auto}
          onChange={(e) => setAutoAt(e.target.value)}
        />
        <span aria-hidden="true">x</span>
      </div>
      {signedIn ? (
        <>
          <button
            type="button"
            className={`btn bet-panel__button bet-panel__button--${button.kind}`}
            disabled={button.disabled}
            onClick={button.onClick}
          >
            {button.kind === 'cashout' && myBet && view.startedAt ? (
              <LiveCashOut stake={myBet.stake} view={view} serverNow={serverNow} />
            ) : (
              button.label
            )}
          </button>
          {canCancel && (
            <button type="button" className="btn bet-panel__cancel" onClick={cancel}>
              Cancel
            </button>
          )}
          {held && <p className="bet-panel__held">{formatMoney(held.stake)} on the next round</p>}
        </>
      ) : (
        <Link className="btn bet-panel__button bet-panel__button--place" to="/login">
          Log in to play
        </Link>
      )}
      {outcome && <p className="bet-panel__outcome">{outcome}</p>}
      {signedIn && (
        <details
          className="bet-panel__autoplay"
          open={showAutoPlay || playing}
          onToggle={(e) => setShowAutoPlay((e.target as HTMLDetailsElement).open)}
        >
          <summary>
            Auto-play{playing ? ` · round ${autoPlay.roundsPlayed + 1} of ${autoPlay.limits.rounds}` : ''}
          </summary>
          <div className="bet-panel__autoplay-form">
            {(
              [
                ['rounds', 'Rounds'],
                ['down', `Stop if balance falls by (${currencySymbol()})`],
                ['up', `Stop if balance rises by (${currencySymbol()})`],
                ['win', `Stop on a single win above (${currencySymbol()})`],
              ] as const
            ).map(([k, label]) => (
              <label key={k}>
                {label}
                <input
                  type="number"
                  inputMode="decimal"
                  min="0"
                  value={autoForm[k]}
                  disabled={playing}
                  onChange={(e) => setAutoForm((f) => ({ ...f, [k]: e.target.value }))}
                />
              </label>
            ))}
            {playing ? (
              <button
                type="button"
                className="btn"
                onClick={() => setAutoPlay((a) => a && { ...a, stopped: 'Stopped.' })}
              >
                Stop auto-play
              </button>
            ) : (
              <button type="button" className="btn" onClick={startAuto}>
                Start auto-play
              </button>
            )}
            {autoPlay?.stopped && (
              <p className="muted" role="status">
                {autoPlay.stopped}
              </p>
            )}
          </div>
        </details>
      )}
    </section>
  );
}

/**
 * The Cash Out amount, redrawn every animation frame from the server's clock like the
 * multiplier on the canvas (not only when a tick re-renders the page), with the server's
 * payout formula (floored to the cent): what a cash-out sent now would be paid.
 */
function LiveCashOut({
  stake,
  view,
  serverNow,
}: {
  stake: number;
  view: AviatorView;
  serverNow: () => number;
}) {
  const ref = useRef<HTMLSpanElement>(null);
  const startedAt = Date.parse(view.startedAt ?? '');
  const shown = Math.round(view.multiplier * 100);
  const text = () => formatMoney(cashOutAmount(stake, startedAt, serverNow(), shown));
  useEffect(() => {
    let frame = 0;
    const draw = () => {
      frame = requestAnimationFrame(draw);
      if (ref.current) ref.current.textContent = text();
    };
    frame = requestAnimationFrame(draw);
    return () => cancelAnimationFrame(frame);
  });
  return (
    <>
      Cash Out{' '}
      <span ref={ref} data-testid="aviator-cashout-amount">
        {text()}
      </span>
    </>
  );
}
