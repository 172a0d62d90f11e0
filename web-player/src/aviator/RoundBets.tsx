import { formatMoney } from '@bet/web-shell/core';
import type { AviatorView } from './feed';

export function RoundBets({ view }: { view: AviatorView }) {
  const total = view.bets.reduce((s, b) => s + b.stake, 0);
  return (
    <section className="round-bets" aria-labelledby="round-bets-title">
      <h2 id="round-bets-title">
        All bets <span className="round-bets__count">{view.bets.length}</span>
      </h2>
      <p className="round-bets__total">Total staked {formatMoney(total)}</p>
      {view.bets.length === 0 ? (
        <p className="muted">No bets in this round yet.</p>
      ) : (
        <table className="round-bets__table">
          <thead>
            <tr>
              <th scope="col">Player</th>
              <th scope="col">Bet</th>
              <th scope="col">x</th>
              <th scope="col">Win</th>
            </tr>
          </thead>
          <tbody>
            {view.bets.map((b) => (
              <tr
                key={b.betId}
                className={b.status === 'cashed_out' ? 'is-won' : b.status === 'lost' ? 'is-lost' : ''}
              >
                <td>{b.username}</td>
                <td>{formatMoney(b.stake)}</td>
                <td>{b.cashedOutAt !== null ? `${b.cashedOutAt.toFixed(2)}x` : '–'}</td>
                <td>{b.payout !== null ? formatMoney(b.payout) : '–'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
