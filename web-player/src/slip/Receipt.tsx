import { errorMessage, toast } from '@bet/web-shell/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { odds as fmtOdds, money } from '../lib/format';
import { pickLabel } from '../lib/picks';
import type { BetType, SlipSelection } from './rules';
import { SharePanel, type ShareResult, shareSlip } from './Share';
import type { PlacedBet } from './types';

export interface ReceiptData {
  betType: BetType;
  bets: PlacedBet[];
  /** the slip as it was placed */
  selections: SlipSelection[];
  stake: number;
  totalStake: number;
  totalOdds: number | null;
  potentialPayout: number;
  /** the free-bet token that paid the stake, dollars (issue 33); null: the player's money */
  freeBetAmount?: number | null;
}

/** The short form of a bet id players quote to support: its last 8 characters. */
export const betRef = (id: string) => id.slice(-8).toUpperCase();

/** What was just placed: bet ids, picks at the accepted prices, stake and potential payout. */
export function Receipt({ data, onDone }: { data: ReceiptData; onDone: () => void }) {
  const [shared, setShared] = useState<ShareResult | null>(null);
  const [busy, setBusy] = useState(false);
  // the server's prices are the ones the bets were struck at
  const legOf = (sel: SlipSelection) => {
    for (const b of data.bets) {
      const leg = b.selections?.find((l) => l.gameId === sel.gameId);
      if (leg && typeof leg.odds === 'number') return leg;
    }
    return null;
  };
  const priceOf = (sel: SlipSelection) => legOf(sel)?.odds ?? sel.odds;
  // a boosted leg says its price without the boost (bet JSON `boost.baseOdds`, betting-009)
  const baseOf = (sel: SlipSelection) => legOf(sel)?.boost?.baseOdds ?? null;
  // the multi's accumulator bonus as the server struck it: potential until the bet settles
  const acca = data.bets.find((b) => typeof b.accaBonusPercent === 'number' && b.accaBonusPercent > 0);
  const payout =
    data.bets.length > 0 && data.bets.every((b) => typeof b.potentialPayout === 'number')
      ? data.bets.reduce((a, b) => a + (b.potentialPayout ?? 0), 0)
      : data.potentialPayout;
  // the server says which bet a token paid (freeBetAmount); the slip's choice covers an answer without bets
  const freeBet =
    data.bets.find((b) => typeof b.freeBetAmount === 'number')?.freeBetAmount ?? data.freeBetAmount ?? null;
  const totalOdds = data.betType === 'multi' ? (data.bets[0]?.totalOdds ?? data.totalOdds ?? 0) : null;

  const share = async () => {
    setBusy(true);
    try {
      setShared(await shareSlip(data.selections, data.betType));
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="receipt" role="status" aria-live="polite">
      <div className="receipt__head">
        <span className="receipt__tick" aria-hidden="true">
          ✓
        </span>
        <div>
          <p className="receipt__title">
            {data.bets.length > 1 ? `${data.bets.length} bets placed` : 'Bet placed'}
          </p>
          <p className="muted receipt__ids">
            {data.bets.map((b) => (
              <span key={b._id} className="receipt__id" title={b._id}>
                #{betRef(b._id)}
              </span>
            ))}
          </p>
        </div>
      </div>
      <ul className="receipt__list">
        {data.selections.map((s) => (
          <li key={s.gameId}>
            <span className="receipt__match">
              {s.gameDetails.homeTeam} vs {s.gameDetails.awayTeam}
            </span>
            <span className="receipt__pick">
              {pickLabel(s.outcome, s.gameDetails.homeTeam, s.gameDetails.awayTeam, s.market)}
              <span className="slip__price">
                {baseOf(s) !== null && (
                  <>
                    <span className="slip__boost">Boost</span>
                    <s className="slip__was">{fmtOdds(baseOf(s))}</s>
                    <span className="visually-hidden">boosted to</span>
                  </>
                )}
                <strong>{fmtOdds(priceOf(s))}</strong>
              </span>
            </span>
          </li>
        ))}
      </ul>
      <dl className="slip__totals receipt__totals">
        <div>
          <dt>{data.betType === 'multi' || freeBet !== null ? 'Stake' : 'Stake per bet'}</dt>
          <dd>{money(data.stake)}</dd>
        </div>
        {freeBet !== null && (
          <div>
            <dt>Free bet used</dt>
            <dd>
              <span className="badge badge--info">{money(freeBet)}</span>
            </dd>
          </div>
        )}
        {data.betType === 'single' && data.selections.length > 1 && (
          <div>
            <dt>Total Stake</dt>
            <dd>{money(data.totalStake)}</dd>
          </div>
        )}
        {totalOdds !== null && (
          <div>
            <dt>Total Odds</dt>
            <dd>{fmtOdds(totalOdds)}</dd>
          </div>
        )}
        {acca && (
          <div>
            <dt>Acca bonus +{acca.accaBonusPercent}%</dt>
            <dd>+{money(acca.accaBonus ?? 0)}</dd>
          </div>
        )}
        <div>
          <dt>
            Potential Payout
            {freeBet !== null && <span className="slip__sub"> (stake not returned)</span>}
          </dt>
          <dd className="receipt__payout">{money(payout)}</dd>
        </div>
      </dl>
      {shared && <SharePanel result={shared} />}
      <div className="receipt__actions">
        {!shared && (
          <button type="button" className="btn btn--block" onClick={share} disabled={busy}>
            {busy ? 'Sharing…' : 'Share this bet'}
          </button>
        )}
        <Link to="/my-bets" className="btn btn--block">
          See my open bets
        </Link>
        <button type="button" className="btn btn--primary btn--block" onClick={onDone}>
          Done
        </button>
      </div>
    </div>
  );
}
