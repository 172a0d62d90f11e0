import type { Game } from '@bet/web-shell/core';
import { dateTime, odds as fmtOdds, money, timeAgo } from '../lib/format';
import { betRef } from '../slip/Receipt';
import { BetLegs } from './BetLegs';
import { CashOutButton } from './CashOutButton';
import { type Bet, badgeOf, canCashOut } from './types';

export const SKELETON_ROWS = 5;
const SKELETON_KEYS = Array.from({ length: SKELETON_ROWS }, (_, i) => `skeleton-${i}`);
const COLUMN_KEYS = ['type', 'selections', 'stake', 'odds', 'status', 'payout', 'date', 'actions'];

/** What a bet paid, or (open) what it may pay, with its accumulator bonus. */
function Payout({ bet }: { bet: Bet }) {
  return (
    <>
      {bet.status === 'pending' ? (
        <span className="muted" title="Potential payout">
          {typeof bet.potentialPayout === 'number' ? `up to ${money(bet.potentialPayout)}` : '—'}
        </span>
      ) : (
        money(bet.payout)
      )}
      {typeof bet.accaBonusPercent === 'number' && bet.accaBonusPercent > 0 && (
        <span className="bet__acca">
          {/* potentialPayout leaves the bonus out; a paid payout has it in (betting-009) */}
          {bet.status === 'pending'
            ? `+ ${money(bet.accaBonus ?? 0)} acca bonus (+${bet.accaBonusPercent}%)`
            : bet.status === 'won'
              ? `incl. ${money(bet.accaBonus ?? 0)} acca bonus`
              : `Acca bonus +${bet.accaBonusPercent}%`}
        </span>
      )}
    </>
  );
}

function BetRow({ bet, live, onChanged }: { bet: Bet; live: Map<string, Game>; onChanged: () => void }) {
  return (
    <tr>
      <td data-label="Type">
        <span className="bets__type">{bet.betType === 'multi' ? 'Multi' : 'Single'}</span>
        <span className="bets__id" title={bet._id}>
          #{betRef(bet._id)}
        </span>
      </td>
      <td data-label="Selections">
        <BetLegs bet={bet} live={live} />
      </td>
      <td data-label="Stake" className="num">
        {money(bet.stake)}
        {typeof bet.freeBetAmount === 'number' && (
          <>
            {' '}
            <span className="badge badge--info" title="The stake was a free bet: it is not returned">
              Free bet
            </span>
          </>
        )}
      </td>
      <td data-label="Odds" className="num">
        {fmtOdds(bet.totalOdds)}
      </td>
      <td data-label="Status">
        <span className={`badge badge--${badgeOf(bet)}`}>
          {badgeOf(bet) === 'cashed_out' ? 'cashed out' : bet.status}
        </span>
      </td>
      <td data-label="Payout" className="num">
        <Payout bet={bet} />
      </td>
      <td data-label="Date">
        <time dateTime={bet.createdAt} title={dateTime(bet.createdAt)}>
          {timeAgo(bet.createdAt)}
        </time>
      </td>
      <td data-label="Actions">
        {canCashOut(bet) ? <CashOutButton bet={bet} onDone={onChanged} /> : <span className="muted">—</span>}
      </td>
    </tr>
  );
}

/** The bets as a table (stacked into cards on a phone); skeleton rows while they load. */
export function BetsTable({
  bets,
  loading,
  live,
  onChanged,
}: {
  bets: Bet[];
  loading: boolean;
  live: Map<string, Game>;
  onChanged: () => void;
}) {
  return (
    <div className="table-wrap">
      <table className="table table--stack bets" aria-busy={loading}>
        <caption className="visually-hidden">Your bets</caption>
        <thead>
          <tr>
            <th scope="col">Type</th>
            <th scope="col">Selections</th>
            <th scope="col" className="num">
              Stake
            </th>
            <th scope="col" className="num">
              Odds
            </th>
            <th scope="col">Status</th>
            <th scope="col" className="num">
              Payout
            </th>
            <th scope="col">Date</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {loading
            ? SKELETON_KEYS.map((row) => (
                <tr key={row} className="skeleton-row" data-testid="bet-skeleton">
                  {COLUMN_KEYS.map((col) => (
                    <td key={col}>
                      <span className="skeleton" aria-hidden="true" />
                    </td>
                  ))}
                </tr>
              ))
            : bets.map((bet) => <BetRow key={bet._id} bet={bet} live={live} onChanged={onChanged} />)}
        </tbody>
      </table>
    </div>
  );
}
