// Games' markets, shared by the board's rows and the match page, kept fresh while shown.
// The board reads its rows' columns together (GET /games/markets?ids=…&keys=…: a board of a
// hundred rows is one or two requests, not a hundred, which once spent a player's whole
// per-minute allowance at the gateway); the match page reads its one game whole.
import { api, type Game, onSocketEvent } from '@bet/web-shell/core';
import { useEffect } from 'react';
import { create } from 'zustand';
import { marketOf as marketOfSelection } from '../slip/rules';
import { useSlip } from '../slip/store';
import type { GameMarkets, MarketView } from './types';

interface MarketsState {
  byGame: Record<string, GameMarkets | undefined>;
}

export const useMarketsStore = create<MarketsState>(() => ({ byGame: {} }));

/** the markets the board shows beside 1X2 (its columns) */
export const BOARD_MARKET_KEYS = ['ou_2.5', 'btts'] as const;

/** 'board': the board's columns of the game; 'full': every market (the match page) */
export type MarketsScope = 'board' | 'full';

/** at most this many reads at once */
const CONCURRENCY = 2;
/** games per board read (the server takes up to 100) */
const BATCH = 50;
/** a game's prices move with each push in play: read again at most this often */
const REFRESH_MS = 3000;

const wanted = { board: new Map<string, number>(), full: new Map<string, number>() };
const queued = { board: new Set<string>(), full: new Set<string>() };
/** games whose every market has been read (a board read only brings its columns) */
const complete = new Set<string>();
const lastRead = new Map<string, number>();
const timers = new Map<string, ReturnType<typeof setTimeout>>();
let running = 0;
let pumpSoon = false;

/** The board's keys and those of the slip's picks, so a pick on a shown game stays priced. */
function boardKeys(): string[] {
  const keys = new Set<string>(BOARD_MARKET_KEYS);
  for (const s of useSlip.getState().selections) {
    const m = marketOfSelection(s);
    if (m) keys.add(m);
  }
  return [...keys];
}

/** Puts what was read into the store: a whole read replaces, a partial one replaces its markets. */
function store(m: GameMarkets, whole: boolean): void {
  const id = m.gameId;
  if (whole) complete.add(id);
  useMarketsStore.setState((s) => {
    const before = s.byGame[id];
    if (whole || !before) return { byGame: { ...s.byGame, [id]: m } };
    const fresh = new Map(m.markets.map((x) => [x.key, x]));
    const markets = before.markets.map((x) => fresh.get(x.key) ?? x);
    for (const x of m.markets) if (!before.markets.some((b) => b.key === x.key)) markets.push(x);
    return { byGame: { ...s.byGame, [id]: { ...m, markets } } };
  });
  useSlip.getState().updateMarketOdds(id, (market, outcome) => priceOf(m, market, outcome));
}

function read(path: string, ids: string[], whole: boolean): void {
  running++;
  const now = Date.now();
  for (const id of ids) lastRead.set(id, now);
  api
    .get<GameMarkets | { games?: GameMarkets[] }>(path, { silent: true })
    .then((answer) => {
      // an answer without its markets (an older server, a stand-in) changes nothing
      const games = 'games' in answer ? answer.games : [answer as GameMarkets];
      for (const m of games ?? []) if (Array.isArray(m?.markets)) store(m, whole);
    })
    .catch(() => {})
    .finally(() => {
      running--;
      pump();
    });
}

function pump(): void {
  while (running < CONCURRENCY && (queued.full.size > 0 || queued.board.size > 0)) {
    const [full] = queued.full;
    if (full !== undefined) {
      queued.full.delete(full);
      read(`/games/${encodeURIComponent(full)}/markets`, [full], true);
      continue;
    }
    const ids = [...queued.board].slice(0, BATCH);
    for (const id of ids) queued.board.delete(id);
    read(`/games/markets?ids=${ids.join(',')}&keys=${boardKeys().join(',')}`, ids, false);
  }
}

function enqueue(id: string): void {
  if (wanted.full.get(id)) {
    queued.board.delete(id);
    queued.full.add(id);
  } else if (wanted.board.get(id) && !queued.full.has(id)) queued.board.add(id);
  // after the rows of one render have all asked: they go out together
  if (!pumpSoon) {
    pumpSoon = true;
    queueMicrotask(() => {
      pumpSoon = false;
      pump();
    });
  }
}

/** Reads a shown game's markets again, no more often than REFRESH_MS. */
function refresh(id: string): void {
  if ((!wanted.board.get(id) && !wanted.full.get(id)) || timers.has(id)) return;
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
export function useGameMarkets(
  gameId: string | undefined,
  scope: MarketsScope = 'full',
): GameMarkets | undefined {
  useEffect(() => {
    if (!gameId) return;
    wire();
    const counts = wanted[scope];
    counts.set(gameId, (counts.get(gameId) ?? 0) + 1);
    const have = useMarketsStore.getState().byGame[gameId];
    if (!have || (scope === 'full' && !complete.has(gameId))) enqueue(gameId);
    return () => {
      const n = (counts.get(gameId) ?? 1) - 1;
      if (n > 0) counts.set(gameId, n);
      else counts.delete(gameId);
    };
  }, [gameId, scope]);
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
