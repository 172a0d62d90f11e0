import type { Answer } from '@bet/api-types';
import { formatMoney } from '@bet/web-shell/core';
import { useApi } from '@bet/web-shell/ui';
import { Link } from 'react-router-dom';
import { Modal } from '../ui/Modal';
import { isPhone } from './settings';

type Round = Answer<'/aviator/rounds/{id}'>;

/** A past round opened from the history strip: its hash (the revealed seed), crash point and where to verify it. */
export function RoundDetails({ roundId, onClose }: { roundId: string; onClose: () => void }) {
  const { data: round, error } = useApi<Round>(`/aviator/rounds/${roundId}`);
  return (
    <Modal title={round ? `Round #${round.roundNumber}` : 'Round'} onClose={onClose} sheet={isPhone()}>
      {error && <p className="error-text">{error}</p>}
      {round && (
        <dl className="round-details" data-testid="aviator-round-details">
          <dt>Crash point</dt>
          <dd>{round.crashPoint !== null ? `${round.crashPoint.toFixed(2)}x` : 'Not crashed yet'}</dd>
          <dt>Commitment (published before the bets)</dt>
          <dd>
            <code>{round.publicHash}</code>
          </dd>
          <dt>Round hash (the revealed seed)</dt>
          <dd>
            <code>{round.hash ?? 'Revealed when the round ends'}</code>
          </dd>
          {round.salt && (
            <>
              <dt>Salt</dt>
              <dd>
                <code>{round.salt}</code>
              </dd>
            </>
          )}
          <dt>Bets</dt>
          <dd>
            {round.bets} · staked {formatMoney(round.totalStaked)} · paid {formatMoney(round.totalPaid)}
          </dd>
          {round.topCashOuts.length > 0 && (
            <>
              <dt>Biggest cash-outs</dt>
              <dd>
                <ul className="round-details__top">
                  {round.topCashOuts.slice(0, 5).map((b) => (
                    <li key={`${b.username}:${b.stake}:${b.cashedOutAt}`}>
                      {b.username}: {formatMoney(b.stake)} at {b.cashedOutAt.toFixed(2)}x →{' '}
                      {formatMoney(b.payout)}
                    </li>
                  ))}
                </ul>
              </dd>
            </>
          )}
          {round.hash && (
            <dd>
              <Link to={`/aviator/fair?hash=${round.hash}`}>Verify this round</Link>
            </dd>
          )}
        </dl>
      )}
    </Modal>
  );
}
