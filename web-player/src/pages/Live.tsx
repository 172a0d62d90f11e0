import {
  api,
  errorMessage,
  type Game,
  type Odds,
  useSocketEvent,
  useSocketStatus,
} from '@bet/web-shell/core';
import { useEffect, useState } from 'react';
import { GameGroups } from '../games/GameGroups';
import { applyGameUpdate, applyOddsUpdate, type GameLists, validGames } from '../games/lists';
import type { LiveGames } from '../games/types';
import { WithSlip } from '../slip/SlipColumn';
import { EmptyState, ErrorText, Spinner } from '../ui/common';

export default function Live() {
  const [lists, setLists] = useState<GameLists>({ upcoming: [], live: [], finished: [] });
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  const socketStatus = useSocketStatus((s) => s.status);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `tick` forces a reload
  useEffect(() => {
    const ctrl = new AbortController();
    setError(null);
    api
      .get<LiveGames>('/games/live', { silent: true, signal: ctrl.signal })
      .then((d) => {
        setLists({ upcoming: [], live: validGames(d.games), finished: [] });
        setLoading(false);
      })
      .catch((err) => {
        if (ctrl.signal.aborted) return;
        setError(errorMessage(err));
        setLoading(false);
      });
    return () => ctrl.abort();
  }, [tick]);

  // Without a live connection (signed out, or lost) the list is refreshed every 30 seconds instead.
  useEffect(() => {
    if (socketStatus === 'connected') return;
    const t = setInterval(() => setTick((n) => n + 1), 30_000);
    return () => clearInterval(t);
  }, [socketStatus]);

  useSocketEvent('gameUpdate', (game: Game) => setLists((l) => applyGameUpdate(l, game)));
  useSocketEvent('liveOddsUpdate', (p: { gameId?: string; odds?: Odds }) => {
    if (p?.gameId && p.odds) setLists((l) => applyOddsUpdate(l, p.gameId!, p.odds!));
  });
  useSocketEvent('gameResultUpdated', () => setTick((t) => t + 1));

  return (
    <WithSlip>
      <div className="page-header">
        <h1>Live In-Play Matches</h1>
      </div>
      {socketStatus === 'disconnected' && (
        <div className="alert alert--warning" role="status">
          <span aria-hidden="true">⚠</span>
          <span>Connection lost. Scores may be outdated.</span>
        </div>
      )}
      {loading ? (
        <Spinner label="Loading live games…" />
      ) : error ? (
        <ErrorText onRetry={() => setTick((t) => t + 1)}>{error}</ErrorText>
      ) : lists.live.length === 0 ? (
        <EmptyState title="No Live Games Currently">
          Check back soon or browse the upcoming matches.
        </EmptyState>
      ) : (
        <GameGroups games={lists.live} headingLevel={2} />
      )}
    </WithSlip>
  );
}
