import { useSession } from '@bet/web-shell/core';
import { Link } from 'react-router-dom';
import { BetPanel } from '../aviator/BetPanel';
import { Flight } from '../aviator/Flight';
import { useAviator } from '../aviator/feed';
import '../aviator/aviator.css';

import { HistoryStrip } from '../aviator/HistoryStrip';
import { MyAviatorBets } from '../aviator/MyAviatorBets';
import { RoundBets } from '../aviator/RoundBets';
import { ErrorText, Spinner } from '../ui/common';

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
