// A game's markets, read once per game and again when the socket says its prices moved, shared
// by the board's rows and the match page (one request per game, however many show it).
import { api, type Game, onSocketEvent } from '@bet/web-shell/core';
import { useEffect } from 'react';
import { create } from 'zustand';
import { useSlip } from '../slip/store';
import type { GameMarkets, MarketView } from './types';

interface MarketsState {
  byGame: Record<string, GameMarkets | undefined>;
}

export const useMarketsStore = create<MarketsState>(() => ({ byGame: {} }));

/** at most this many reads at once: a board of a hundred rows must not burst the rate limit */
const CONCURRENCY = 4;
/** a game's prices move with each push in play: read again at most this often */
const REFRESH_MS = 3000;

const wanted = new Map<string, number>(); // gameId → how many views show it
const queue: string[] = [];
const queued = new Set<string>();
const lastRead = new Map<string, number>();
const timers = new Map<string, ReturnType<typeof setTimeout>>();
let running = 0;

function pump(): void {
  while (running < CONCURRENCY && queue.length > 0) {
    const id = queue.shift()!;
    queued.delete(id);
    running++;
    lastRead.set(id, Date.now());
    api
      .get<GameMarkets>(`/games/${encodeURIComponent(id)}/markets`, { silent: true })
      .then((m) => {
        // an answer without its markets (an older server, a stand-in) changes nothing
        if (!Array.isArray(m?.markets)) return;
        useMarketsStore.setState((s) => ({ byGame: { ...s.byGame, [id]: m } }));
        useSlip.getState().updateMarketOdds(id, (market, outcome) => priceOf(m, market, outcome));
      })
      .catch(() => {})
      .finally(() => {
        running--;
        pump();
      });
  }
}

function enqueue(id: string): void {
  if (queued.has(id)) return;
  queued.add(id);
  queue.push(id);
  pump();
}

/** Reads a shown game's markets again, no more often than REFRESH_MS. */
function refresh(id: string): void {
  if (!wanted.get(id) || timers.has(id)) return;
  const wait = Math.max(0, (lastRead.get(id) ?? 0) + REFRESH_MS - Date.now());
  timers.set(
    id,
    setTimeout(() => {
      timers.delete(id);
      enqueue(id);
    }, wait),
  );
}

let wired = false;
function wire(): void {
  if (wired) return;
  wired = true;
  const onOdds = (p: { gameId?: string } | undefined) => p?.gameId && refresh(p.gameId);
  onSocketEvent('oddsUpdate', onOdds);
  onSocketEvent('liveOddsUpdate', onOdds);
  onSocketEvent('gameUpdate', (g: Game | undefined) => g?._id && refresh(g._id));
  onSocketEvent('gameResultUpdated', (p: { gameId?: string } | undefined) => p?.gameId && refresh(p.gameId));
}

/** The game's markets (undefined until read), kept fresh while a component shows them. */
export function useGameMarkets(gameId: string | undefined, enabled = true): GameMarkets | undefined {
  useEffect(() => {
    if (!gameId || !enabled) return;
    wire();
    wanted.set(gameId, (wanted.get(gameId) ?? 0) + 1);
    if (!useMarketsStore.getState().byGame[gameId]) enqueue(gameId);
    return () => {
      const n = (wanted.get(gameId) ?? 1) - 1;
      if (n > 0) wanted.set(gameId, n);
      else wanted.delete(gameId);
    };
  }, [gameId, enabled]);
  return useMarketsStore((s) => (gameId ? s.byGame[gameId] : undefined));
}

export function marketOf(m: GameMarkets | undefined, key: string): MarketView | undefined {
  return m?.markets.find((x) => x.key === key);
}

export function priceOf(
  m: GameMarkets | undefined,
  market: string,
  outcome: string,
): number | null | undefined {
  return marketOf(m, market)?.outcomes.find((o) => o.code === outcome)?.odds;
}
