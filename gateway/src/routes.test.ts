import { describe, expect, it } from 'vitest';
import { API_BASE, expandRouteTable, type RouteEntry, routeTable, samplePath } from './routes';

const find = (method: string, url: string) =>
  expandRouteTable().find((r) => r.method === method && r.url === API_BASE + url);

describe('route table', () => {
  it('lists every call of both specs (§7) with its owner', () => {
    const expected: Array<[string, string, string]> = [
      ['POST', '/auth/login', 'identity'],
      ['POST', '/auth/register', 'identity'],
      ['POST', '/auth/request-password-reset', 'identity'],
      ['POST', '/auth/reset-password/:token', 'identity'],
      ['GET', '/auth/me', 'identity'],
      ['GET', '/auth/google', 'identity'],
      ['GET', '/auth/facebook', 'identity'],
      ['POST', '/auth/refresh-token', 'identity'],
      ['GET', '/users/profile', 'identity'],
      ['PATCH', '/users/profile', 'identity'],
      ['PATCH', '/users/email', 'identity'],
      ['PATCH', '/users/password', 'identity'],
      ['POST', '/users/set-password', 'identity'],
      ['POST', '/users/limits', 'identity'],
      ['POST', '/users/profile-picture', 'identity'],
      ['GET', '/users/stats', 'betting'],
      ['GET', '/users/stats/history', 'betting'],
      ['GET', '/wallet', 'wallet'],
      ['GET', '/wallet/summary', 'wallet'],
      ['GET', '/wallet/transactions', 'wallet'],
      ['POST', '/wallet/deposit/initialize', 'wallet'],
      ['POST', '/wallet/request-withdrawal', 'wallet'],
      ['POST', '/ai/chat', 'ai'],
      ['POST', '/ai/analyze-game', 'ai'],
      ['GET', '/ai/my-betting-feedback', 'ai'],
      ['GET', '/ai/limit-suggestion', 'ai'],
      ['POST', '/ai/news-summary', 'ai'],
      ['GET', '/ai/recommendations', 'ai'],
      ['GET', '/ai/world-sports-news', 'ai'],
      ['GET', '/ai/personalized-news', 'ai'],
      ['POST', '/ai/generate-social-post', 'ai'],
      ['POST', '/ai/analyze-slip', 'ai'],
      ['POST', '/ai/slip-suggestions', 'ai'],
      ['POST', '/ai/game-search', 'ai'],
      ['GET', '/games', 'games'],
      ['GET', '/games/live', 'games'],
      ['GET', '/games/:id/details', 'games'],
      ['POST', '/games', 'games'],
      ['PUT', '/games/:id', 'games'],
      ['PATCH', '/games/:id/result', 'games'],
      ['PATCH', '/games/:id/cancel', 'games'],
      ['POST', '/bets/singles', 'betting'],
      ['POST', '/bets/multi', 'betting'],
      ['GET', '/bets', 'betting'],
      ['POST', '/bets/:id/cash-out', 'betting'],
      ['POST', '/bets/share', 'betting'],
      ['GET', '/bets/share/:id', 'betting'],
      ['GET', '/promotions', 'admin'],
      ['GET', '/leaderboards/winners', 'betting'],
      ['GET', '/leaderboards/highest-odds', 'betting'],
      ['GET', '/aviator/state', 'aviator'],
      ['POST', '/aviator/place-bet', 'aviator'],
      ['POST', '/aviator/cash-out', 'aviator'],
      ['GET', '/admin/stats/platform', 'admin'],
      ['GET', '/admin/dashboard/financial', 'admin'],
      ['GET', '/admin/users', 'identity'],
      ['PATCH', '/admin/users/:id/role', 'identity'],
      ['PATCH', '/admin/users/:id/wallet', 'wallet'],
      ['DELETE', '/admin/users/:id', 'identity'],
      ['GET', '/admin/users/:id/details', 'admin'],
      ['GET', '/admin/withdrawals', 'wallet'],
      ['PATCH', '/admin/withdrawals/:id/process', 'wallet'],
      ['GET', '/admin/games/:id/risk', 'betting'],
      ['GET', '/admin/games/:id/risk-summary', 'ai'],
      ['GET', '/admin/risk/overview', 'betting'],
      ['PATCH', '/admin/games/:id/adjust-odds', 'games'],
      ['PATCH', '/admin/games/:id/markets/:market/suspend', 'games'],
      ['PATCH', '/admin/games/:id/markets/:market/reopen', 'games'],
      ['DELETE', '/admin/games/:id/markets/:market/adjust-odds', 'games'],
      ['POST', '/admin/games/sync', 'games'],
      ['GET', '/admin/rankings', 'games'],
      ['POST', '/admin/rankings', 'games'],
      ['PATCH', '/admin/rankings/:id', 'games'],
      ['DELETE', '/admin/rankings/:id', 'games'],
      ['GET', '/promotions/all', 'admin'],
      ['POST', '/promotions', 'admin'],
      ['PATCH', '/promotions/:id', 'admin'],
      ['DELETE', '/promotions/:id', 'admin'],
      ['POST', '/admin/social-campaign', 'ai'],
    ];
    const missing = expected.filter(([m, u, s]) => find(m, u)?.service !== s).map((e) => e.join(' '));
    expect(missing).toEqual([]);
  });

  it('marks every admin path admin, and the calls that carry no token public', () => {
    const routes = expandRouteTable();
    expect(routes.filter((r) => r.url.startsWith(`${API_BASE}/admin/`) && r.auth !== 'admin')).toEqual([]);
    for (const url of [
      '/auth/login',
      '/auth/register',
      '/auth/refresh-token',
      '/auth/request-password-reset',
      '/auth/reset-password/:token',
    ]) {
      expect(find('POST', url)?.auth, url).toBe('public');
    }
    expect(find('GET', '/auth/me')?.auth).toBe('user');
    expect(find('POST', '/games')?.auth).toBe('admin');
    expect(find('GET', '/games')?.auth).toBe('public');
  });

  it('puts the stricter limits on the sign-in, registration, reset, refresh and phone-code calls only', () => {
    const limited = expandRouteTable()
      .filter((r) => r.limit)
      .map((r) => `${r.method} ${r.url.slice(API_BASE.length)} ${r.limit}`)
      .sort();
    expect(limited).toEqual([
      'POST /auth/login auth',
      // a text costs money and a code can be guessed: sending one counts as a reset, checking one as a sign-in
      'POST /auth/phone/start reset',
      'POST /auth/phone/verify auth',
      'POST /auth/refresh-token refresh',
      'POST /auth/register auth',
      'POST /auth/request-password-reset reset',
      'POST /auth/reset-password reset',
      'POST /auth/reset-password/:token reset',
      'POST /auth/social/exchange auth',
    ]);
  });

  it('expands catch-alls without overriding explicit entries', () => {
    expect(find('GET', '/promotions')?.auth).toBe('public');
    expect(find('POST', '/promotions/:id/claim')).toMatchObject({ service: 'admin', auth: 'user' });
    expect(find('GET', '/promotions/mine')).toMatchObject({ service: 'wallet', auth: 'user' });
    expect(find('POST', '/promotions')?.auth).toBe('admin');
    expect(find('PUT', '/promotions')).toMatchObject({ service: 'admin', auth: 'public', catchAll: true });
    expect(find('GET', '/promotions/*')).toMatchObject({ service: 'admin', catchAll: true });
    expect(find('GET', '/users/stats/*')).toMatchObject({ service: 'betting', auth: 'user' });
    expect(find('DELETE', '/users/*')).toMatchObject({ service: 'identity', auth: 'public' });
  });

  it('refuses a table with the same method and pattern twice, or an unreadable line', () => {
    const dup: RouteEntry[] = [
      { spec: 'GET /x', service: 'games', auth: 'public' },
      { spec: 'GET,POST /x', service: 'betting', auth: 'user' },
    ];
    expect(() => expandRouteTable(dup)).toThrow(/GET \/api\/v1\/x is listed twice/);
    expect(() => expandRouteTable([{ spec: 'FETCH /x', service: 'games', auth: 'public' }])).toThrow(
      /unknown method/,
    );
    expect(() => expandRouteTable([{ spec: 'GET /x/*/y', service: 'games', auth: 'public' }])).toThrow(
      /must end/,
    );
    expect(() => expandRouteTable([{ spec: 'get x', service: 'games', auth: 'public' }])).toThrow(
      /cannot read/,
    );
  });

  it('has no two entries that differ only in owner', () => {
    expect(() => expandRouteTable(routeTable)).not.toThrow();
  });

  it('makes concrete sample paths', () => {
    expect(samplePath('/api/v1/admin/users/:id/wallet', 'abc')).toBe('/api/v1/admin/users/abc/wallet');
    expect(samplePath('/api/v1/auth/reset-password/:token')).toBe(
      '/api/v1/auth/reset-password/sample-reset-token',
    );
    expect(samplePath('/api/v1/ai/*')).toBe('/api/v1/ai/some/where');
  });
});
