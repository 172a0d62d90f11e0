import { api, errorMessage, toast, useSession } from '@bet/web-shell/core';
import { useId, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { odds as fmtOdds, money, pickLabel } from '../lib/format';
import { useWallet } from '../lib/wallet';
import {
  effectiveBetType,
  MSG_INVALID_SLIP,
  MSG_LOGIN_TO_BET,
  MSG_MULTI_NEEDS_TWO,
  MSG_SHARE_EMPTY,
  parseStake,
  slipTotals,
} from './rules';
import { useSlip } from './store';

export const MSG_SHARE_COPIED = 'Share link copied to clipboard!';
export const MSG_BETS_PLACED = 'Bets placed successfully!';

async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    /* fall back below */
  }
  try {
    const ta = document.createElement('textarea');
    ta.value = text;
    ta.setAttribute('readonly', '');
    ta.style.position = 'fixed';
    ta.style.opacity = '0';
    document.body.appendChild(ta);
    ta.select();
    const ok = document.execCommand('copy');
    ta.remove();
    return ok;
  } catch {
    return false;
  }
}

export function BetSlip({ headingId }: { headingId?: string }) {
  const slip = useSlip();
  const status = useSession((s) => s.status);
  const balance = useWallet((s) => s.balance);
  const navigate = useNavigate();
  const location = useLocation();
  const [busy, setBusy] = useState<'place' | 'share' | null>(null);
  const [shareUrl, setShareUrl] = useState<string | null>(null);
  const stakeId = useId();
  const keepId = useId();
  const ownHeadingId = useId();

  const count = slip.selections.length;
  const betType = effectiveBetType(slip.betType, count);
  const totals = slipTotals(slip.selections, betType, slip.stake);
  const signedIn = status === 'authenticated';

  const chooseType = (type: 'single' | 'multi') => {
    if (!slip.setBetType(type)) toast.error(MSG_MULTI_NEEDS_TWO);
  };

  const place = async () => {
    if (!signedIn) {
      toast.error(MSG_LOGIN_TO_BET);
      navigate('/login', { state: { from: location } });
      return;
    }
    const stake = parseStake(slip.stake);
    if (count === 0 || stake <= 0) {
      toast.error(MSG_INVALID_SLIP);
      return;
    }
    if (slip.betType === 'multi' && count < 2) {
      toast.error(MSG_MULTI_NEEDS_TWO);
      return;
    }
    const selections = slip.selections.map((s) => ({ gameId: s.gameId, outcome: s.outcome }));
    setBusy('place');
    try {
      const res =
        betType === 'multi'
          ? await api.post<{ msg?: string }>('/bets/multi', { stake, selections }, { silent: true })
          : await api.post<{ msg?: string }>(
              '/bets/singles',
              { stakePerBet: stake, selections },
              { silent: true },
            );
      toast.success(res?.msg || MSG_BETS_PLACED);
      slip.afterPlaced();
      void useWallet.getState().refresh();
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setBusy(null);
    }
  };

  const share = async () => {
    if (count === 0) {
      toast.error(MSG_SHARE_EMPTY);
      return;
    }
    setBusy('share');
    try {
      const res = await api.post<{ shareUrl?: string }>(
        '/bets/share',
        { selections: slip.selections.map((s) => ({ gameId: s.gameId, outcome: s.outcome })), betType },
        { silent: true },
      );
      const url = res?.shareUrl;
      if (!url) throw new Error('No share link was returned.');
      if (await copyText(url)) {
        setShareUrl(null);
        toast.success(MSG_SHARE_COPIED);
      } else {
        setShareUrl(url); // clipboard refused (insecure page, permissions): show it to copy by hand
      }
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setBusy(null);
    }
  };

  const hid = headingId ?? ownHeadingId;
  return (
    <section className="slip card" aria-labelledby={hid}>
      <div className="slip__header">
        <h2 id={hid} className="card__title">
          Bet Slip <span className="slip__count">({count})</span>
        </h2>
        {count > 0 && (
          <button type="button" className="link-btn" onClick={() => slip.clear()}>
            Clear all
          </button>
        )}
      </div>

      <fieldset className="slip__types">
        <legend className="visually-hidden">Bet type</legend>
        {(['single', 'multi'] as const).map((t) => (
          <label key={t} className={betType === t ? 'seg seg--on' : 'seg'}>
            <input
              type="radio"
              className="seg__input"
              name={`${stakeId}-type`}
              value={t}
              checked={betType === t}
              onChange={() => chooseType(t)}
            />
            {t === 'single' ? 'Single' : 'Multi'}
          </label>
        ))}
      </fieldset>

      {count === 0 ? (
        <p className="muted slip__empty">
          Your bet slip is empty. Click on the odds of a game to add a selection.
        </p>
      ) : (
        <ul className="slip__list">
          {slip.selections.map((s) => (
            <li key={s.gameId} className="slip__item">
              <div className="slip__match">
                {s.gameDetails.homeTeam} vs {s.gameDetails.awayTeam}
              </div>
              <div className="slip__pick">
                <span>{pickLabel(s.outcome, s.gameDetails.homeTeam, s.gameDetails.awayTeam)}</span>
                <strong className="slip__odds">{Number.isFinite(s.odds) ? fmtOdds(s.odds) : '–'}</strong>
              </div>
              <button
                type="button"
                className="slip__remove"
                onClick={() => slip.remove(s.gameId)}
                aria-label={`Remove ${s.gameDetails.homeTeam} vs ${s.gameDetails.awayTeam}`}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}

      <div className="field slip__stake">
        <label htmlFor={stakeId}>{betType === 'single' ? 'Stake per bet ($)' : 'Stake ($)'}</label>
        <input
          id={stakeId}
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          placeholder="0.00"
          value={slip.stake}
          onChange={(e) => slip.setStake(e.target.value)}
        />
        <fieldset className="slip__quick">
          <legend className="visually-hidden">Quick stake</legend>
          {[5, 10, 50].map((n) => (
            <button key={n} type="button" className="btn btn--sm" onClick={() => slip.quickAdd(n)}>
              +{n}
            </button>
          ))}
          <button
            type="button"
            className="btn btn--sm"
            onClick={() => slip.setMax(balance ?? 0)}
            disabled={!signedIn || balance === null || count === 0}
            title={signedIn ? `Balance ${money(balance ?? 0)}` : 'Log in to use your balance'}
          >
            Max
          </button>
        </fieldset>
      </div>

      <dl className="slip__totals">
        <div>
          <dt>Total Odds</dt>
          <dd>{fmtOdds(totals.totalOdds)}</dd>
        </div>
        {betType === 'single' && count > 1 && (
          <div>
            <dt>Total Stake</dt>
            <dd>{money(totals.totalStake)}</dd>
          </div>
        )}
        <div>
          <dt>Potential Payout</dt>
          <dd className="slip__payout">{money(totals.potentialPayout)}</dd>
        </div>
      </dl>

      <label className="check slip__keep" htmlFor={keepId}>
        <input
          id={keepId}
          type="checkbox"
          checked={slip.keepSelections}
          onChange={(e) => slip.setKeepSelections(e.target.checked)}
        />
        Keep selections after placing bet
      </label>

      <div className="slip__actions">
        <button
          type="button"
          className="btn btn--primary btn--block"
          onClick={place}
          disabled={busy !== null}
        >
          {busy === 'place'
            ? 'Placing…'
            : betType === 'multi'
              ? 'Place Multi Bet'
              : count > 1
                ? `Place ${count} Single Bets`
                : 'Place Bet'}
        </button>
        <button type="button" className="btn btn--block" onClick={share} disabled={busy !== null}>
          {busy === 'share' ? 'Sharing…' : 'Share Slip'}
        </button>
      </div>
      {shareUrl && (
        <div className="field slip__share">
          <label htmlFor={`${stakeId}-share`}>Share link (copy it manually)</label>
          <input
            id={`${stakeId}-share`}
            readOnly
            value={shareUrl}
            onFocus={(e) => e.currentTarget.select()}
          />
        </div>
      )}
    </section>
  );
}
