import { api, useSession } from '@bet/web-shell/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { BetPanel } from '../aviator/BetPanel';
import { Flight } from '../aviator/Flight';
import { type AviatorView, crashClass, useAviator } from '../aviator/feed';
import '../aviator/aviator.css';
import { ErrorText, Spinner } from '../ui/common';

interface MyBet {
  betId: string;
  roundNumber: number;
  panel: number;
  stake: number;
  status: 'active' | 'cashed_out' | 'lost';
  cashedOutAt: number | null;
  payout: number | null;
  crashPoint: number | null;
  createdAt: string;
}

function HistoryStrip({ view }: { view: AviatorView }) {
  return (
    <ol className="crash-strip" aria-label="Recent crash points">
      {view.history.map((h) => (
        <li key={h.roundId} className={`crash-strip__item crash-strip__item--${crashClass(h.crashPoint)}`}>
          {h.crashPoint.toFixed(2)}x
        </li>
      ))}
    </ol>
  );
}

function RoundBets({ view }: { view: AviatorView }) {
  const total = view.bets.reduce((s, b) => s + b.stake, 0);
  return (
    <section className="round-bets" aria-labelledby="round-bets-title">
      <h2 id="round-bets-title">
        All bets <span className="round-bets__count">{view.bets.length}</span>
      </h2>
      <p className="round-bets__total">Total staked ${total.toFixed(2)}</p>
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
                <td>${b.stake.toFixed(2)}</td>
                <td>{b.cashedOutAt !== null ? `${b.cashedOutAt.toFixed(2)}x` : '–'}</td>
                <td>{b.payout !== null ? `$${b.payout.toFixed(2)}` : '–'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function MyAviatorBets({ version }: { version: string }) {
  const [bets, setBets] = useState<MyBet[] | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` (round and state) reloads the list
  useEffect(() => {
    api
      .get<{ bets: MyBet[] }>('/aviator/my-bets', { silent: true, query: { limit: 10 } })
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
                <td>#{b.roundNumber}</td>
                <td>${b.stake.toFixed(2)}</td>
                <td>{b.cashedOutAt !== null ? `${b.cashedOutAt.toFixed(2)}x` : '–'}</td>
                <td>{b.crashPoint !== null ? `${b.crashPoint.toFixed(2)}x` : '–'}</td>
                <td>
                  {b.status === 'cashed_out'
                    ? `+$${(b.payout ?? 0).toFixed(2)}`
                    : b.status === 'lost'
                      ? `−$${b.stake.toFixed(2)}`
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

export default function Aviator() {
  const { view, error, serverNow, reload } = useAviator();
  const user = useSession((s) => s.user);
  const signedIn = useSession((s) => s.status === 'authenticated');
  if (!view) return error ? <ErrorText onRetry={reload}>{error}</ErrorText> : <Spinner />;
  const mine = (panel: number) =>
    user ? view.bets.find((b) => b.username === user.username && b.panel === panel) : undefined;
  return (
    <div className="aviator">
      <div className="aviator__main">
        <header className="aviator__head">
          <h1>Aviator</h1>
          <Link to="/aviator/fair" className="aviator__fair-link">
            How it's fair
          </Link>
        </header>
        <HistoryStrip view={view} />
        <Flight view={view} serverNow={serverNow} />
        <div className="aviator__panels">
          {([1, 2] as const).map((p) => (
            <BetPanel
              key={p}
              panel={p}
              view={view}
              serverNow={serverNow}
              myBet={mine(p)}
              signedIn={signedIn}
              onChange={reload}
            />
          ))}
        </div>
        {signedIn && <MyAviatorBets version={`${view.roundId}:${view.state}`} />}
      </div>
      <aside className="aviator__side">
        <RoundBets view={view} />
      </aside>
    </div>
  );
}
