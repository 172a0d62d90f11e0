import { aUser } from '@bet/web-shell/testing';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn(), info: vi.fn() }));
vi.mock('sonner', () => ({ toast, Toaster: () => null }));

type Handler = (...args: any[]) => void;
const fake = vi.hoisted(() => {
  const state = {
    options: null as Record<string, unknown> | null,
    handlers: new Map<string, Handler>(),
    any: null as Handler | null,
    emitted: [] as unknown[][],
    active: true,
  };
  const socket = {
    on: (e: string, h: Handler) => state.handlers.set(e, h),
    onAny: (h: Handler) => {
      state.any = h;
    },
    offAny: () => {},
    emit: (...args: unknown[]) => state.emitted.push(args),
    removeAllListeners: () => state.handlers.clear(),
    disconnect: vi.fn(),
    connect: vi.fn(),
    get active() {
      return state.active;
    },
    connected: false,
  };
  const io = vi.fn((opts: Record<string, unknown>) => {
    state.options = opts;
    return socket;
  });
  return { state, socket, io };
});
vi.mock('socket.io-client', () => ({ io: fake.io }));

const USER = aUser({ _id: '0123456789abcdef01234567', username: 'demo', email: 'd@x.io' });
const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '');
const token = `${b64({ alg: 'EdDSA' })}.${b64({ sub: USER._id, exp: Math.floor(Date.now() / 1000) + 600 })}.s`;

async function connected() {
  const { useSession } = await import('./session');
  const { startRealtime } = await import('./socket');
  localStorage.setItem('accessToken', token);
  startRealtime();
  useSession.setState({ status: 'authenticated', user: USER });
  await vi.waitFor(() => expect(fake.io).toHaveBeenCalled());
  fake.state.handlers.get('connect')?.();
}

describe('real-time connection', () => {
  beforeEach(async () => {
    // sign out first: closes the previous test's connection, so the next sign-in opens a new one
    const { useSession } = await import('./session');
    useSession.setState({ status: 'anonymous', user: null });
    vi.clearAllMocks();
  });

  it('connects with the token, the spec reconnect settings, and joins the user room', async () => {
    await connected();
    const opts = fake.state.options!;
    expect(opts).toMatchObject({
      reconnectionDelay: 1000,
      reconnectionDelayMax: 5000,
      reconnectionAttempts: Number.POSITIVE_INFINITY,
      timeout: 20000,
    });
    const auth = opts.auth as (cb: (d: unknown) => void) => void;
    let sent: unknown;
    auth((d) => {
      sent = d;
    });
    expect(sent).toEqual({ token });
    expect(fake.state.emitted).toContainEqual(['joinUserRoom', USER._id]);
  });

  it('toasts settled bets and processed withdrawals', async () => {
    await connected();
    fake.state.any?.('bet_settled', { status: 'won', message: 'Your bet won.', payout: 25 });
    expect(toast.success).toHaveBeenCalledWith('Your bet won. You won $25.00!');
    fake.state.any?.('bet_settled', { status: 'lost', message: 'Your bet lost.', payout: 0 });
    expect(toast.info).toHaveBeenCalledWith('Your bet lost.');
    fake.state.any?.('withdrawal_processed', { status: 'success', message: 'Approved.' });
    expect(toast.success).toHaveBeenCalledWith('Approved.');
    fake.state.any?.('withdrawal_processed', { status: 'rejected', message: 'Rejected.' });
    expect(toast.error).toHaveBeenCalledWith('Rejected.');
  });

  it('forwards server events to listeners', async () => {
    const { onSocketEvent } = await import('./socket');
    await connected();
    const seen = vi.fn();
    const off = onSocketEvent('liveOddsUpdate', seen);
    fake.state.any?.('liveOddsUpdate', { gameId: 'g', odds: { home: 2, draw: 3, away: 4 } });
    off();
    fake.state.any?.('liveOddsUpdate', { gameId: 'g2' });
    expect(seen).toHaveBeenCalledTimes(1);
  });

  it('connect errors: transport errors are only logged; other errors toast unless "closed before the connection"', async () => {
    await connected();
    const onError = fake.state.handlers.get('connect_error')!;
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    onError(Object.assign(new Error('xhr poll error'), { type: 'TransportError' }));
    onError(new Error('WebSocket is closed before the connection is established.'));
    expect(toast.error).not.toHaveBeenCalled();
    onError(new Error('Something odd'));
    expect(toast.error).toHaveBeenCalledWith('A real-time connection error occurred.', {
      id: 'socket-error',
    });
  });

  it('on token_expired refreshes and sends the fresh token on the same socket; reconnects if that fails', async () => {
    const { api } = await import('./session');
    const { useSocketStatus } = await import('./socket');
    await connected();
    const refresh = vi.spyOn(api, 'refreshAccessToken').mockResolvedValue('fresh-token');
    fake.state.handlers.get('token_expired')!({ code: 'TOKEN_EXPIRED' });
    await vi.waitFor(() => expect(fake.state.emitted.some((e) => e[0] === 'authenticate')).toBe(true));
    const sent = fake.state.emitted.find((e) => e[0] === 'authenticate')!;
    expect(sent[1]).toEqual({ token: 'fresh-token' });
    expect(useSocketStatus.getState().status).toBe('disconnected');
    (sent[2] as (a: unknown) => void)({ ok: true });
    expect(useSocketStatus.getState().status).toBe('connected');
    expect(fake.socket.connect).not.toHaveBeenCalled();

    // a refused token: a new connection, whose handshake refreshes or signs out
    fake.state.emitted.length = 0;
    fake.state.handlers.get('token_expired')!({ code: 'TOKEN_EXPIRED' });
    await vi.waitFor(() => expect(fake.state.emitted.some((e) => e[0] === 'authenticate')).toBe(true));
    (fake.state.emitted.find((e) => e[0] === 'authenticate')![2] as (a: unknown) => void)({ ok: false });
    expect(fake.socket.connect).toHaveBeenCalledTimes(1);
    refresh.mockRestore();
  });

  it('INVALID_TOKEN logs the user out with the spec message', async () => {
    const { useSession } = await import('./session');
    const { useSocketStatus } = await import('./socket');
    await connected();
    const onError = fake.state.handlers.get('connect_error')!;
    onError(Object.assign(new Error('Authentication failed'), { data: { code: 'INVALID_TOKEN' } }));
    expect(toast.error).toHaveBeenCalledWith('Your session is invalid. Please log in again.', {
      id: 'socket-invalid',
    });
    expect(useSession.getState().status).toBe('anonymous');
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(fake.socket.disconnect).toHaveBeenCalled();
    expect(useSocketStatus.getState().status).toBe('idle');
  });
});
