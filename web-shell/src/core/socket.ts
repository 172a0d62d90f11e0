import { useEffect, useRef } from 'react';
import type { Socket } from 'socket.io-client';
import { create } from 'zustand';
import { formatMoney } from './format';
import { api, logout, useSession } from './session';
import { toast } from './toast';
import { getAccessToken, getRefreshToken, isTokenExpired } from './tokens';

export type SocketStatus = 'idle' | 'connecting' | 'connected' | 'disconnected';

/** 'idle' while signed out (no connection is opened), otherwise the connection's state. */
export const useSocketStatus = create<{ status: SocketStatus }>(() => ({ status: 'idle' }));

export const SOCKET_INVALID_MESSAGE = 'Your session is invalid. Please log in again.';
export const SOCKET_ERROR_MESSAGE = 'A real-time connection error occurred.';

type Handler = (...args: any[]) => void;
const listeners = new Map<string, Set<Handler>>();
let socket: Socket | null = null;
let socketUserId: string | null = null;
let generation = 0;
let refreshTried = false;

/** Listens to a server event for as long as the returned function is not called. */
export function onSocketEvent(event: string, handler: Handler): () => void {
  let set = listeners.get(event);
  if (!set) {
    set = new Set();
    listeners.set(event, set);
  }
  set.add(handler);
  return () => {
    set.delete(handler);
  };
}

/** React form of onSocketEvent; the latest handler is always the one called. */
export function useSocketEvent(event: string, handler: Handler): void {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => onSocketEvent(event, (...args) => ref.current(...args)), [event]);
}

/**
 * Calls `handler` when the socket is back after a drop: the pushes sent meanwhile are lost,
 * so a screen kept fresh by pushes reads its data once more (not on the first connection).
 */
export function useOnReconnect(handler: () => void): void {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => {
    let dropped = false;
    return useSocketStatus.subscribe((s) => {
      if (s.status === 'disconnected') dropped = true;
      else if (s.status === 'connected' && dropped) {
        dropped = false;
        ref.current();
      }
    });
  }, []);
}

export function emitSocket(event: string, ...args: unknown[]): void {
  socket?.emit(event, ...args);
}

function dispatch(event: string, args: unknown[]): void {
  const set = listeners.get(event);
  if (!set) return;
  for (const h of [...set]) {
    try {
      h(...args);
    } catch (err) {
      console.error(`[socket] ${event} handler failed`, err);
    }
  }
}

function handleConnectError(err: Error & { data?: { code?: string }; type?: string }): void {
  const code = err?.data?.code;
  const message = String(err?.message ?? '');
  if (message === 'INVALID_TOKEN' || code === 'INVALID_TOKEN') {
    const token = getAccessToken();
    const refreshToken = getRefreshToken();
    // An expired or revoked access token (a demotion revokes it, the session goes on) is
    // renewed once; only when the refresh is refused too does the session end.
    if (!refreshTried && token && refreshToken && !isTokenExpired(refreshToken)) {
      refreshTried = true;
      const gen = generation;
      void api.refreshAccessToken().then((fresh) => {
        if (fresh && gen === generation) socket?.connect();
      });
      return;
    }
    toast.error(SOCKET_INVALID_MESSAGE, { id: 'socket-invalid' });
    logout();
    return;
  }
  if (err?.type === 'TransportError' || /xhr poll error|websocket error|transport/i.test(message)) {
    console.warn('[socket] transport error, retrying', message);
    return;
  }
  if (message.includes('closed before the connection')) {
    console.warn('[socket]', message);
    return;
  }
  console.error('[socket] connect error', err);
  toast.error(SOCKET_ERROR_MESSAGE, { id: 'socket-error' });
}

async function connect(userId: string): Promise<void> {
  if (socket && socketUserId === userId) return;
  disconnect();
  if (!getAccessToken()) {
    logout();
    return;
  }
  const gen = ++generation;
  socketUserId = userId;
  refreshTried = false;
  useSocketStatus.setState({ status: 'connecting' });
  const { io } = await import(/* webpackChunkName: "socket-io" */ 'socket.io-client');
  if (gen !== generation) return; // signed out (or switched user) while the library loaded
  const s = io({
    // Same origin as the page and the API; the token is read at every (re)connection attempt.
    auth: (cb) => cb({ token: getAccessToken() ?? '' }),
    reconnection: true,
    reconnectionAttempts: Number.POSITIVE_INFINITY,
    reconnectionDelay: 1000,
    reconnectionDelayMax: 5000,
    timeout: 20000,
  });
  socket = s;
  s.on('connect', () => {
    refreshTried = false;
    useSocketStatus.setState({ status: 'connected' });
    s.emit('joinUserRoom', userId);
  });
  s.on('disconnect', (reason) => {
    useSocketStatus.setState({ status: reason === 'io client disconnect' ? 'idle' : 'disconnected' });
    // The server dropped us on purpose: socket.io does not reconnect by itself in that case.
    if (reason === 'io server disconnect' && gen === generation) s.connect();
  });
  s.on('connect_error', (err) => {
    if (gen !== generation) return;
    useSocketStatus.setState({ status: 'disconnected' });
    handleConnectError(err as Error & { data?: { code?: string } });
    // Refused by the server's middleware: socket.io does not retry that by itself.
    if (gen === generation && !s.active) {
      setTimeout(() => {
        if (gen === generation && !s.connected && getAccessToken()) s.connect();
      }, 5000);
    }
  });
  // The access token ran out: the server keeps the socket but sends it no more of the user's
  // events until a fresh token comes with `authenticate`; if that fails, reconnecting goes
  // through the handshake's refresh-or-sign-out path.
  s.on('token_expired', () => {
    if (gen !== generation) return;
    useSocketStatus.setState({ status: 'disconnected' });
    const reconnect = () => {
      if (gen !== generation) return;
      s.disconnect();
      s.connect();
    };
    void api.refreshAccessToken().then((fresh) => {
      if (gen !== generation) return;
      if (!fresh) return reconnect();
      s.emit('authenticate', { token: fresh }, (answer?: { ok?: boolean }) => {
        if (gen !== generation) return;
        // back in the user's rooms: screens kept fresh by pushes read their data again
        if (answer?.ok) useSocketStatus.setState({ status: 'connected' });
        else reconnect();
      });
    }, reconnect);
  });
  s.onAny((event: string, ...args: unknown[]) => dispatch(event, args));
}

function disconnect(): void {
  generation++;
  if (socket) {
    socket.removeAllListeners();
    socket.offAny();
    socket.disconnect();
  }
  socket = null;
  socketUserId = null;
  useSocketStatus.setState({ status: 'idle' });
}

let started = false;

/** Opens the connection while a user is signed in and closes it on sign-out. */
export function startRealtime(): void {
  if (started) return;
  started = true;
  const sync = () => {
    const { status, user } = useSession.getState();
    if (status === 'authenticated' && user) void connect(user._id);
    else if (status === 'anonymous') disconnect();
  };
  useSession.subscribe(sync);
  sync();

  onSocketEvent('bet_settled', (p: { status?: string; message?: string; payout?: number } = {}) => {
    const message = p.message ?? 'Your bet has been settled.';
    if (p.status === 'won') toast.success(`${message} You won ${formatMoney(p.payout)}!`);
    else toast.info(message);
  });
  onSocketEvent('withdrawal_processed', (p: { status?: string; message?: string } = {}) => {
    const message = p.message ?? 'Your withdrawal request has been processed.';
    if (p.status === 'success') toast.success(message);
    else toast.error(message);
  });
  // an admin adjusted the wallet (issue 34 item 7): the balance follows on balance_updated
  onSocketEvent('wallet_adjusted', (p: { status?: string; message?: string } = {}) => {
    const message = p.message ?? 'An administrator adjusted your wallet.';
    if (p.status === 'credit') toast.success(message);
    else toast.info(message);
  });
}
