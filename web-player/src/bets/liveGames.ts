import { api, type Game, useSocketEvent } from '@bet/web-shell/core';
import { useEffect, useState } from 'react';
import type { LiveGames } from '../games/types';

/** Live games by id (GET /games/live), kept current by the socket: the score of each open leg. */
export function useLiveGames(): Map<string, Game> {
  const [live, setLive] = useState<Map<string, Game>>(new Map());
  useEffect(() => {
    const ctrl = new AbortController();
    api
      .get<LiveGames>('/games/live', { silent: true, signal: ctrl.signal })
      .then((d) => setLive(new Map(d.games.map((g) => [g._id, g]))))
      .catch(() => {});
    return () => ctrl.abort();
  }, []);
  useSocketEvent('gameUpdate', (g: Game) => {
    if (!g?._id) return;
    setLive((m) => {
      const next = new Map(m);
      if (g.status === 'live') next.set(g._id, g);
      else next.delete(g._id);
      return next;
    });
  });
  return live;
}
