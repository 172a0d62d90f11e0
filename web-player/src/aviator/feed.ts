// The live Aviator round for a screen: GET /aviator/state for a late joiner (and the bets list),
// then the socket's aviator:state / aviator:tick / aviator:crash. Signed-in players get them on
// the shell's socket; visitors on their own token-less (read-only) connection.
import type { Answer } from '@bet/api-types';
import { api, onSocketEvent, useSession } from '@bet/web-shell/core';
import { useCallback, useEffect, useRef, useState } from 'react';

/** The round as GET /aviator/state answers it (the socket's aviator:* events then move it along). */
export type AviatorView = Answer<'/aviator/state'>;
export type AviatorState = AviatorView['state'];
export type RoundBet = AviatorView['bets'][number];

/** m(t) = e^(0.00006·t), t in ms since lift-off (the server's formula). */
export const multiplierAfter = (ms: number) => Math.exp(0.00006 * Math.max(0, ms));
export const floor2 = (m: number) => Math.floor(m * 100 + 1e-9) / 100;

const EVENTS = ['aviator:state', 'aviator:tick', 'aviator:crash', 'aviator:bet'] as const;

/** `aviator:bet`: one bet of a round as it changes (placed, cashed out, cancelled). */
export type BetUpdate = Omit<RoundBet, 'status'> & {
  roundId: string;
  status: RoundBet['status'] | 'cancelled';
};

/**
 * The round's All bets list with one `aviator:bet` merged in: a new bet at the top, a known
 * one updated in place, a cancelled one gone. A bet of another round (held for the next one)
 * leaves the list as it is: the next round's GET /aviator/state brings it.
 */
export function withBet(view: AviatorView, update: BetUpdate): AviatorView {
  if (update.roundId !== view.roundId) return view;
  const { roundId: _round, status, ...rest } = update;
  const others = view.bets.filter((b) => b.betId !== update.betId);
  if (status === 'cancelled') return { ...view, bets: others };
  const bet = { ...rest, status } as RoundBet;
  const at = view.bets.findIndex((b) => b.betId === update.betId);
  if (at < 0) return { ...view, bets: [bet, ...view.bets] };
  return { ...view, bets: view.bets.map((b, i) => (i === at ? bet : b)) };
}

/** A token-less socket.io connection for visitors: the gateway sends them the Aviator events only. */
function useVisitorSocket(enabled: boolean, handlers: Record<string, (p: any) => void>) {
  const ref = useRef(handlers);
  ref.current = handlers;
  useEffect(() => {
    if (!enabled) return;
    let closed = false;
    let socket: { close(): void } | null = null;
    void import(/* webpackChunkName: "socket-io" */ 'socket.io-client').then(({ io }) => {
      if (closed) return;
      const s = io({ reconnectionDelay: 1000, reconnectionDelayMax: 5000, timeout: 20000 });
      for (const e of EVENTS) s.on(e, (p: unknown) => ref.current[e]?.(p));
      socket = s;
    });
    return () => {
      closed = true;
      socket?.close();
    };
  }, [enabled]);
}

function syncClockOf(offset: { current: number }, serverTime?: number, sentAt?: number) {
  if (typeof serverTime !== 'number') return;
  const now = Date.now();
  offset.current = serverTime - (sentAt !== undefined ? (sentAt + now) / 2 : now);
}

export function useAviator() {
  const status = useSession((s) => s.status);
  const [view, setView] = useState<AviatorView | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** server clock − local clock, ms */
  const offset = useRef(0);
  const serverNow = useCallback(() => Date.now() + offset.current, []);

  const load = useCallback(async () => {
    const sentAt = Date.now();
    try {
      const v = await api.get<AviatorView>('/aviator/state', { silent: true });
      syncClockOf(offset, v.serverTime, sentAt);
      setView(v);
      setError(null);
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Could not load the game.');
    }
  }, []);

  useEffect(() => {
    void load();
    // the bets list comes live (aviator:bet) and whole at each phase (aviator:state reloads):
    // no poll, only a reload when the page comes back to the front after a while away
    const back = () => {
      if (document.visibilityState === 'visible') void load();
    };
    document.addEventListener('visibilitychange', back);
    return () => document.removeEventListener('visibilitychange', back);
  }, [load]);

  const handlers = useRef<Record<string, (p: any) => void>>({});
  handlers.current = {
    'aviator:state': (p: Partial<AviatorView> & { state: AviatorState }) => {
      syncClockOf(offset, p.serverTime);
      setView((v) =>
        v
          ? {
              ...v,
              state: p.state,
              multiplier: p.state === 'betting' ? 1 : (p.multiplier ?? v.multiplier),
              roundId: p.roundId ?? (p.state === 'waiting' ? null : v.roundId),
              publicHash: p.publicHash ?? v.publicHash,
              bettingEndsAt: p.state === 'betting' ? (p.bettingEndsAt ?? null) : null,
              startedAt:
                p.state === 'running'
                  ? (p.startedAt ?? v.startedAt)
                  : p.state === 'betting'
                    ? null
                    : v.startedAt,
              crashPoint: p.state === 'crashed' ? (p.multiplier ?? v.crashPoint) : null,
              bets: p.state === 'betting' && p.roundId !== v.roundId ? [] : v.bets,
            }
          : v,
      );
      void load();
    },
    'aviator:bet': (p: BetUpdate) => {
      setView((v) => (v ? withBet(v, p) : v));
    },
    'aviator:tick': (p: { multiplier: number; serverTime?: number }) => {
      syncClockOf(offset, p.serverTime);
      setView((v) => (v && v.state === 'running' ? { ...v, multiplier: p.multiplier } : v));
    },
    'aviator:crash': (p: { multiplier: number; hash?: string; roundId?: string }) => {
      setView((v) =>
        v
          ? {
              ...v,
              state: 'crashed',
              multiplier: p.multiplier,
              crashPoint: p.multiplier,
              hash: p.hash ?? null,
            }
          : v,
      );
      void load();
    },
  };

  const signedIn = status === 'authenticated';
  useEffect(() => {
    if (!signedIn) return;
    const offs = EVENTS.map((e) => onSocketEvent(e, (p: unknown) => handlers.current[e]?.(p)));
    return () => {
      for (const off of offs) off();
    };
  }, [signedIn]);
  useVisitorSocket(status === 'anonymous', handlers.current);

  return { view, error, serverNow, reload: load };
}

/** The multiplier to show now: from the server's clock while flying (smooth, no drift), else the state's. */
export function liveMultiplier(view: AviatorView, serverNow: number): number {
  if (view.state === 'running' && view.startedAt) {
    return Math.max(view.multiplier, floor2(multiplierAfter(serverNow - Date.parse(view.startedAt))));
  }
  return view.multiplier;
}

/** Colour class of a crash point in the history strip (as the market leader has it). */
export const crashClass = (m: number) => (m < 2 ? 'low' : m < 10 ? 'mid' : 'high');
