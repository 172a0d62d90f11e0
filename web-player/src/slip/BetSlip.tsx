import { byCurrency, currencySymbol, errorMessage, toast, useSession } from '@bet/web-shell/core';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { odds as fmtOdds, money } from '../lib/format';
import { pickLabel } from '../lib/picks';
import { useWallet } from '../lib/wallet';
import { type FreeBetToken, usableFreeBets, useMyPromotions } from '../promo/mine';
import { useOffers } from '../promo/offers';
import { BookingCodeLoader } from './BookingCode';
import { placeSlip } from './place';
import { boostWarnings, promoLines } from './promoLines';
import { Receipt, type ReceiptData } from './Receipt';
import {
  type AcceptOdds,
  effectiveBetType,
  freeBetFits,
  freeBetPayout,
  freeBetWarnings,
  MSG_INVALID_SLIP,
  MSG_LOGIN_TO_BET,
  MSG_MULTI_NEEDS_TWO,
  MSG_SHARE_EMPTY,
  oddsToAccept,
  parseStake,
  type SlipSelection,
  slipTotals,
  stakeWarnings,
} from './rules';
import { copyText, MSG_SHARE_COPIED, SharePanel, type ShareResult, shareSlip } from './Share';
import { SlipAddons } from './SlipAddons';
import { useBetRules, useSlip } from './store';

export { MSG_SHARE_COPIED };
export const MSG_BETS_PLACED = 'Bets placed successfully!';

const ACCEPT_LABEL: Record<AcceptOdds, string> = {
  higher: 'Accept higher odds',
  any: 'Accept any odds change',
  none: 'Ask me on every change',
};

function OddsCell({ sel }: { sel: SlipSelection }) {
  const moved = sel.prevOdds !== undefined && Number.isFinite(sel.prevOdds) && sel.prevOdds !== sel.odds;
  const up = moved && sel.odds > (sel.prevOdds as number);
  return (
    <span className="slip__price">
      {moved && (
        <>
          <s className="slip__was">{fmtOdds(sel.prevOdds)}</s>
          <span className={up ? 'move move--up' : 'move move--down'} aria-hidden="true">
            {up ? '▲' : '▼'}
          </span>
          <span className="visually-hidden">{up ? 'odds up to' : 'odds down to'}</span>
        </>
      )}
      {!moved && sel.boost && (
        <>
          <span className="slip__boost">Boost</span>
          <s className="slip__was">{fmtOdds(sel.boost.baseOdds)}</s>
          <span className="visually-hidden">boosted to</span>
        </>
      )}
      <strong className="slip__odds">{Number.isFinite(sel.odds) ? fmtOdds(sel.odds) : '–'}</strong>
    </span>
  );
}

/** "$10.00 free bet (odds 1.80+)": how a token reads in the picker (a slip is narrow: its expiry shows below). */
export const tokenLabel = (t: FreeBetToken) => `${money(t.amount)} free bet (odds ${fmtOdds(t.minOdds)}+)`;

/**
 * "Use a free bet": the player's usable tokens (GET /promotions/mine) on a slip a token can pay
 * (one single, or a multi). Picking one makes its amount the stake.
 */
function FreeBetPicker({ tokens, fits }: { tokens: FreeBetToken[]; fits: boolean }) {
  const id = useId();
  const freeBetId = useSlip((s) => s.freeBetId);
  const setFreeBet = useSlip((s) => s.setFreeBet);
  const picked = tokens.find((t) => t._id === freeBetId);
  return (
    <div className="field slip__freebet">
      <label htmlFor={id}>Use a free bet</label>
      <select
        id={id}
        value={fits ? (freeBetId ?? '') : ''}
        disabled={!fits}
        onChange={(e) => setFreeBet(tokens.find((t) => t._id === e.target.value) ?? null)}
      >
        <option value="">No, use my balance</option>
        {tokens.map((t) => (
          <option key={t._id} value={t._id}>
            {tokenLabel(t)}
          </option>
        ))}
      </select>
      {!fits ? (
        <p className="muted slip__hint">A free bet pays one bet: a single on one selection, or a multi.</p>
      ) : picked ? (
        <p className="slip__hint">
          Use it by{' '}
          {new Date(picked.expiresAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}
        </p>
      ) : null}
    </div>
  );
}

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
  const slip = useSlip();
  const status = useSession((s) => s.status);
  const balance = useWallet((s) => s.balance);
  const rules = useBetRules();
  const myPromotions = useMyPromotions((s) => s.promotions);
  const navigate = useNavigate();
  const location = useLocation();
  const [busy, setBusy] = useState<'place' | 'share' | null>(null);
  const [shared, setShared] = useState<ShareResult | null>(null);
  const [receipt, setReceipt] = useState<ReceiptData | null>(null);
  // The receipt stays until the player moves on: Done, or a new pick on the board.
  const selectionsAtReceipt = useRef<unknown>(null);
  useEffect(() => {
    if (receipt && slip.selections !== selectionsAtReceipt.current) setReceipt(null);
  }, [receipt, slip.selections]);
  const stakeId = useId();
  const keepId = useId();
  const acceptId = useId();
  const warnId = useId();
  const ownHeadingId = useId();

  const count = slip.selections.length;
  const betType = effectiveBetType(slip.betType, count);
  const signedIn = status === 'authenticated';
  // the player's free-bet tokens: read at sign-in (wireMyPromotions), after a claim and a free bet
  const tokens = signedIn ? usableFreeBets(myPromotions) : [];
  const fits = freeBetFits(betType, count);
  // the token in use: one the player still holds, on a slip it can pay
  const freeBet = (fits && tokens.find((t) => t._id === slip.freeBetId)) || null;
  const totals = slipTotals(slip.selections, betType, freeBet ? freeBet.amount : slip.stake);
  const payout = freeBet ? freeBetPayout(freeBet.amount, totals.totalOdds) : totals.potentialPayout;
  const warnings = freeBet
    ? [
        // the token pays: the balance is not asked, the token's minimum odds are
        ...stakeWarnings(
          slip.selections,
          betType,
          freeBet.amount,
          { balance: null, maxStake: rules.maxStake, maxPayout: rules.maxPayout },
          money,
        ),
        ...freeBetWarnings(freeBet, totals.totalOdds, fmtOdds),
      ]
    : stakeWarnings(
        slip.selections,
        betType,
        slip.stake,
        { balance: signedIn ? balance : null, maxStake: rules.maxStake, maxPayout: rules.maxPayout },
        money,
      );
  const accas = useOffers((s) => s.accas);
  const offersLoaded = useOffers((s) => s.loaded);
  useEffect(() => {
    if (!offersLoaded) void useOffers.getState().load();
  }, [offersLoaded]);
  const boostProblems = boostWarnings(
    betType,
    slip.selections,
    freeBet ? freeBet.amount : parseStake(slip.stake),
    freeBet !== null,
  );
  if (boostProblems.length) warnings.push(...boostProblems);
  const extraLines = promoLines({
    betType,
    selections: slip.selections,
    // a multi's stake, or the stake of each single
    stake: freeBet ? freeBet.amount : parseStake(slip.stake),
    freeBet: freeBet !== null,
    accas,
  });
  const toAccept = oddsToAccept(slip.selections, slip.acceptOdds);
  const insufficient = warnings.some((w) => w.startsWith('Insufficient balance'));

  const chooseType = (type: 'single' | 'multi') => {
    if (!slip.setBetType(type)) toast.error(MSG_MULTI_NEEDS_TWO);
  };

  const place = async () => {
    if (!signedIn) {
      toast.error(MSG_LOGIN_TO_BET);
      navigate('/login', { state: { from: location } });
      return;
    }
    const stake = freeBet ? freeBet.amount : parseStake(slip.stake);
    if (count === 0 || stake <= 0) {
      toast.error(MSG_INVALID_SLIP);
      return;
    }
    if (slip.betType === 'multi' && count < 2) {
      toast.error(MSG_MULTI_NEEDS_TWO);
      return;
    }
    if (warnings.length > 0 || toAccept.length > 0) return;
    const placed = slip.selections.slice();
    setBusy('place');
    try {
      // placeSlip sends each pick's market only off 1X2
      const res = await placeSlip(betType, stake, placed, slip.acceptOdds, freeBet?._id ?? null);
      toast.success(res?.msg || MSG_BETS_PLACED);
      setReceipt({
        betType,
        bets: Array.isArray(res?.bets) ? res.bets : [],
        selections: placed,
        stake,
        totalStake: totals.totalStake,
        totalOdds: betType === 'multi' ? totals.totalOdds : null,
        potentialPayout: payout,
        freeBetAmount: freeBet ? freeBet.amount : null,
      });
      setShared(null);
      slip.afterPlaced();
      selectionsAtReceipt.current = useSlip.getState().selections;
      // the balance after the stake comes with the answer; the wallet's push confirms it
      if (typeof res?.balance === 'number') useWallet.getState().set(res.balance);
      if (freeBet) void useMyPromotions.getState().load();
    } catch (err) {
      toast.error(errorMessage(err));
      // a refused token (used elsewhere, expired): the picker shows what is left
      if (freeBet) void useMyPromotions.getState().load();
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
      const res = await shareSlip(slip.selections, betType);
      setShared(res);
      if (await copyText(res.shareUrl)) toast.success(MSG_SHARE_COPIED);
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setBusy(null);
    }
  };

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
        <Receipt data={receipt} onDone={() => setReceipt(null)} />
      ) : (
        <>
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
            <div className="slip__empty">
              <p className="muted">Your bet slip is empty. Click on the odds of a game to add a selection.</p>
              <BookingCodeLoader />
            </div>
          ) : (
            <ul className="slip__list">
              {slip.selections.map((s) => (
                <li key={s.gameId} className="slip__item">
                  <div className="slip__match">
                    {s.gameDetails.homeTeam} vs {s.gameDetails.awayTeam}
                  </div>
                  <div className="slip__pick">
                    <span>
                      {pickLabel(s.outcome, s.gameDetails.homeTeam, s.gameDetails.awayTeam, s.market)}
                    </span>
                    <OddsCell sel={s} />
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

          {tokens.length > 0 && count > 0 && <FreeBetPicker tokens={tokens} fits={fits} />}

          <div className="field slip__stake">
            <div className="slip__stake-head">
              <label htmlFor={stakeId}>
                {betType === 'single' ? `Stake per bet (${currencySymbol()})` : `Stake (${currencySymbol()})`}
              </label>
              {signedIn && balance !== null && (
                <span className="slip__balance">
                  Balance <strong>{money(balance)}</strong>
                </span>
              )}
            </div>
            <input
              id={stakeId}
              type="number"
              inputMode="decimal"
              min={0}
              step={0.01}
              placeholder="0.00"
              value={freeBet ? String(freeBet.amount) : slip.stake}
              readOnly={freeBet !== null}
              aria-invalid={warnings.length > 0 || undefined}
              aria-describedby={warnings.length > 0 ? warnId : undefined}
              onChange={(e) => slip.setStake(e.target.value)}
            />
            {freeBet ? (
              <p className="slip__hint">
                Your free bet pays the {money(freeBet.amount)} stake: nothing leaves your balance.
              </p>
            ) : (
              <fieldset className="slip__quick">
                <legend className="visually-hidden">Quick stake</legend>
                {byCurrency({ USD: [5, 10, 50], NGN: [100, 500, 1000] }).map((n) => (
                  <button key={n} type="button" className="btn btn--sm" onClick={() => slip.quickAdd(n)}>
                    +{n.toLocaleString('en-US')}
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
            )}
            {warnings.length > 0 && (
              <div id={warnId} className="slip__warnings" role="alert">
                {warnings.map((w) => (
                  <p key={w} className="slip__warning">
                    {w}
                  </p>
                ))}
                {insufficient && (
                  <Link to="/wallet?deposit=1" className="btn btn--accent btn--sm">
                    Deposit
                  </Link>
                )}
              </div>
            )}
          </div>

          <dl className="slip__totals">
            {betType === 'multi' && (
              <div>
                <dt>Total Odds</dt>
                <dd>{fmtOdds(totals.totalOdds)}</dd>
              </div>
            )}
            {betType === 'single' && count > 1 && (
              <div>
                <dt>Total Stake</dt>
                <dd>{money(totals.totalStake)}</dd>
              </div>
            )}
            {extraLines.map((l) => (
              <div key={l.label}>
                <dt>{l.label}</dt>
                <dd>{l.value}</dd>
              </div>
            ))}
            {freeBet && (
              <div>
                <dt>Free bet</dt>
                <dd>{money(freeBet.amount)}</dd>
              </div>
            )}
            <div>
              <dt>
                Potential Payout
                {freeBet && <span className="slip__sub"> (stake not returned)</span>}
              </dt>
              <dd className="slip__payout">{money(payout)}</dd>
            </div>
          </dl>

          <div className="slip__options">
            <label className="check slip__keep" htmlFor={keepId}>
              <input
                id={keepId}
                type="checkbox"
                checked={slip.keepSelections}
                onChange={(e) => slip.setKeepSelections(e.target.checked)}
              />
              Keep selections after placing bet
            </label>
            <div className="slip__accept">
              <label htmlFor={acceptId}>Odds changes</label>
              <select
                id={acceptId}
                value={slip.acceptOdds}
                onChange={(e) => slip.setAcceptOdds(e.target.value as AcceptOdds)}
              >
                {(Object.keys(ACCEPT_LABEL) as AcceptOdds[]).map((k) => (
                  <option key={k} value={k}>
                    {ACCEPT_LABEL[k]}
                  </option>
                ))}
              </select>
            </div>
          </div>

          <div className="slip__actions">
            {toAccept.length > 0 ? (
              <>
                <p className="slip__warning" role="alert">
                  The odds changed on {toAccept.length} selection{toAccept.length === 1 ? '' : 's'}.
                </p>
                <button
                  type="button"
                  className="btn btn--accent btn--block"
                  onClick={() => slip.acceptChanges()}
                >
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
          {shared && <SharePanel result={shared} />}
          {count > 0 && <BookingCodeLoader compact />}
          <SlipAddons />
        </>
      )}
    </section>
  );
}
