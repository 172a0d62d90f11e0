import type { Answer } from '@bet/api-types';
import { api, formatMoney } from '@bet/web-shell/core';
import { useEffect, useState } from 'react';

type MyBets = Answer<'/aviator/my-bets'>;

export function MyAviatorBets({ version }: { version: string }) {
  const [bets, setBets] = useState<MyBets['bets'] | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` (round and state) reloads the list
  useEffect(() => {
    api
      .get<MyBets>('/aviator/my-bets', { silent: true, query: { limit: 20 } })
      .then((d) => setBets(d.bets))
      .catch(() => setBets([]));
  }, [version]);
  if (!bets) return null;
  return (
    <section className="my-aviator" aria-labelledby="my-aviator-title">
      <h2 id="my-aviator-title">My Aviator bets</h2>
      {bets.length === 0 ? (
        <p className="muted">You have not played yet.</p>
      ) : (
        <table className="round-bets__table">
          <thead>
            <tr>
              <th scope="col">Round</th>
              <th scope="col">Bet</th>
              <th scope="col">Cashed out</th>
              <th scope="col">Crash</th>
              <th scope="col">Result</th>
            </tr>
          </thead>
          <tbody>
            {bets.map((b) => (
              <tr
                key={b.betId}
                className={b.status === 'cashed_out' ? 'is-won' : b.status === 'lost' ? 'is-lost' : ''}
              >
                <td>{b.roundNumber === null ? 'Next' : `#${b.roundNumber}`}</td>
                <td>{formatMoney(b.stake)}</td>
                <td>{b.cashedOutAt !== null ? `${b.cashedOutAt.toFixed(2)}x` : '–'}</td>
                <td>{b.crashPoint !== null ? `${b.crashPoint.toFixed(2)}x` : '–'}</td>
                <td>
                  {b.status === 'cashed_out'
                    ? `+${formatMoney(b.payout ?? 0)}`
                    : b.status === 'lost'
                      ? `−${formatMoney(b.stake)}`
                      : b.roundNumber === null
                        ? 'Waiting'
                        : 'In play'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
