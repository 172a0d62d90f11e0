import type { Answer } from '@bet/api-types';
import { api, formatMoney, useSession } from '@bet/web-shell/core';
import { useApi } from '@bet/web-shell/ui';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { BetPanel, type HeldBet } from '../aviator/BetPanel';
import { BetsTabs } from '../aviator/BetsTabs';
import { HowToPlay, type Limits, SettingsDialog } from '../aviator/Dialogs';
import { Flight } from '../aviator/Flight';
import { useAviator } from '../aviator/feed';
import { HistoryStrip } from '../aviator/HistoryStrip';
import { RoundDetails } from '../aviator/RoundDetails';
import { beep, useAviatorSettings } from '../aviator/settings';
import '../aviator/aviator.css';
import { ErrorText, Spinner } from '../ui/common';

type MyBets = Answer<'/aviator/my-bets'>;

export default function Aviator() {
  const { view, error, serverNow, reload } = useAviator();
  const user = useSession((s) => s.user);
  const signedIn = useSession((s) => s.status === 'authenticated');
  const [held, setHeld] = useState<Record<number, HeldBet | undefined>>({});
  const [round, setRound] = useState<string | null>(null);
  const [dialog, setDialog] = useState<'settings' | 'howto' | null>(null);
  const [settings, changeSettings] = useAviatorSettings();
  const { data: limits } = useApi<Limits>('/aviator/limits');

  // bets held for the next round survive a reload: my-bets lists them without a round number
  useEffect(() => {
    if (!signedIn) return;
    api
      .get<MyBets>('/aviator/my-bets', { silent: true, query: { limit: 4 } })
      .then((d) => {
        const next: Record<number, HeldBet> = {};
        for (const b of d.bets)
          if (b.roundNumber === null && b.status === 'active')
            next[b.panel] = { betId: b.betId, roundId: b.roundId, stake: b.stake };
        setHeld(next);
      })
      .catch(() => {});
  }, [signedIn]);

  // a held bet is the round's like any other once its round opens
  const roundId = view?.roundId;
  useEffect(() => {
    if (!roundId) return;
    setHeld((h) =>
      Object.values(h).some((b) => b?.roundId === roundId) ? { 1: undefined, 2: undefined } : h,
    );
  }, [roundId]);

  // sound effects on the round's moments
  const lastState = useRef(view?.state);
  useEffect(() => {
    const state = view?.state;
    if (settings.sound && state !== lastState.current) {
      if (state === 'running') beep('lift-off');
      if (state === 'crashed') beep('crash');
    }
    lastState.current = state;
  }, [view?.state, settings.sound]);

  if (!view) return error ? <ErrorText onRetry={reload}>{error}</ErrorText> : <Spinner />;
  const mine = (panel: number) =>
    user ? view.bets.find((b) => b.username === user.username && b.panel === panel) : undefined;
  return (
    <div className="aviator">
      <div className="aviator__main">
        <header className="aviator__head">
          <h1>Aviator</h1>
          <nav className="aviator__links" aria-label="Aviator">
            <button type="button" className="link-button" onClick={() => setDialog('howto')}>
              How to play
            </button>
            <button type="button" className="link-button" onClick={() => setDialog('settings')}>
              Settings
            </button>
            <Link to="/aviator/fair" className="aviator__fair-link">
              How it's fair
            </Link>
          </nav>
        </header>
        <HistoryStrip view={view} onOpen={setRound} />
        <Flight view={view} serverNow={serverNow} animate={settings.animation} />
        <div className="aviator__panels">
          {([1, 2] as const).map((p) => (
            <BetPanel
              key={p}
              panel={p}
              view={view}
              serverNow={serverNow}
              myBet={mine(p)}
              held={held[p]?.roundId !== view.roundId ? held[p] : undefined}
              onHeld={(b) => setHeld((h) => ({ ...h, [p]: b }))}
              signedIn={signedIn}
              onChange={reload}
            />
          ))}
        </div>
        {limits && (
          <p className="aviator__limits" data-testid="aviator-limits">
            Min stake {formatMoney(limits.minStake)} · Max stake {formatMoney(limits.maxStake)} · Max win{' '}
            {formatMoney(limits.maxWin)}
          </p>
        )}
      </div>
      <aside className="aviator__side">
        <BetsTabs view={view} signedIn={signedIn} />
      </aside>
      {round && <RoundDetails roundId={round} onClose={() => setRound(null)} />}
      {dialog === 'settings' && (
        <SettingsDialog settings={settings} onChange={changeSettings} onClose={() => setDialog(null)} />
      )}
      {dialog === 'howto' && <HowToPlay limits={limits} onClose={() => setDialog(null)} />}
    </div>
  );
}
