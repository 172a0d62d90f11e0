import { aUser } from '@bet/web-shell/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('sonner', () => ({
  toast: { error: vi.fn(), success: vi.fn(), info: vi.fn() },
  Toaster: () => null,
}));

const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '');
const jwt = (claims: object) => `${b64({ alg: 'EdDSA' })}.${b64(claims)}.s`;

describe('session + API client singleton', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a failed refresh logs the user out with the session-expired toast', async () => {
    localStorage.setItem('accessToken', jwt({ sub: 'u1', exp: 1 }));
    localStorage.setItem('refreshToken', jwt({ sub: 'u1', exp: Math.floor(Date.now() / 1000) + 3600 }));
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ msg: 'nope' }), {
            status: 401,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    const { api, useSession, SESSION_EXPIRED_MESSAGE } = await import('./session');
    const { toast } = await import('sonner');
    useSession.setState({
      status: 'authenticated',
      user: aUser({ _id: 'u1', username: 'demo', email: 'd@x.io' }),
    });
    await Promise.allSettled([api.get('/wallet'), api.get('/bets')]);
    expect(useSession.getState()).toMatchObject({ status: 'anonymous', user: null });
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(toast.error).toHaveBeenCalledWith(SESSION_EXPIRED_MESSAGE, { id: 'session-expired' });
    expect(vi.mocked(toast.error).mock.calls.filter((c) => c[0] === SESSION_EXPIRED_MESSAGE)).toHaveLength(1);
  });
});
