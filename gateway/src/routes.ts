/**
 * The map of the public API: every `/api/v1` path, the service that owns its data, and who
 * may call it. The gateway forwards each request unchanged (services register their routes
 * with the `/api/v1` prefix) and rejects a missing/invalid token, or a non-admin on an admin
 * route, before the request leaves the gateway. The owner checks again.
 *
 * Reading the table:
 * - `'GET,PATCH /users/profile'`: those methods on that pattern (find-my-way syntax).
 * - `'* /auth/*'`: every method on everything below /auth; `'* /promotions*'`: /promotions
 *   itself and everything below it. Catch-alls send paths the table does not spell out to
 *   their owner (which answers its own 404) and never reject (public), unless marked admin.
 * - When patterns overlap, the more specific one wins (static over `:param` over `*`),
 *   whatever the order here: `/users/stats*` goes to betting while `/users/*` goes to identity.
 */

export const API_BASE = '/api/v1';

export const SERVICES = ['identity', 'wallet', 'games', 'betting', 'aviator', 'ai', 'admin'] as const;
export type ServiceName = (typeof SERVICES)[number];

/** public: never rejected here (the refresh call carries a stale bearer); user: a valid token; admin: role admin. */
export type Access = 'public' | 'user' | 'admin';

/** which of the stricter rate limits applies (else the general one) */
export type LimitClass = 'auth' | 'reset' | 'refresh';

export const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type Method = (typeof METHODS)[number];

export interface RouteEntry {
  /** 'GET /auth/me', 'GET,PATCH /users/profile', '* /auth/*' (relative to API_BASE) */
  spec: string;
  service: ServiceName;
  auth: Access;
  limit?: LimitClass;
  /** a multipart upload: the larger body limit applies */
  upload?: boolean;
  /**
   * the owner's own, smaller body limit: the gateway answers 413 itself, because an owner
   * that refuses a body mid-upload closes the connection and the caller would see a 503
   */
  bodyLimit?: number;
}

const r = (
  spec: string,
  service: ServiceName,
  auth: Access,
  extra: Pick<RouteEntry, 'limit' | 'upload' | 'bodyLimit'> = {},
): RouteEntry => ({
  spec,
  service,
  auth,
  ...extra,
});

export const routeTable: RouteEntry[] = [
  // ── identity: accounts, sessions, profile, limits, roles ─────────────────────
  r('POST /auth/register', 'identity', 'public', { limit: 'auth' }),
  r('POST /auth/login', 'identity', 'public', { limit: 'auth' }),
  r('POST /auth/refresh-token', 'identity', 'public', { limit: 'refresh' }),
  r('POST /auth/request-password-reset', 'identity', 'public', { limit: 'reset' }),
  r('POST /auth/reset-password/:token', 'identity', 'public', { limit: 'reset' }),
  // the same call without a token: identity answers 400, but it is still counted
  r('POST /auth/reset-password', 'identity', 'public', { limit: 'reset' }),
  r('GET /auth/me', 'identity', 'user'),
  r('POST /auth/logout', 'identity', 'public'),
  r('GET /auth/google', 'identity', 'public'),
  r('GET /auth/google/callback', 'identity', 'public'),
  r('GET /auth/facebook', 'identity', 'public'),
  r('GET /auth/facebook/callback', 'identity', 'public'),
  // the social return page trades its one-time code (with its own state) for the token pair
  r('POST /auth/social/exchange', 'identity', 'public', { limit: 'auth' }),
  // phone sign-in: a one-time code by text, then the code (identity throttles each number too)
  r('POST /auth/phone/start', 'identity', 'public', { limit: 'reset' }),
  r('POST /auth/phone/verify', 'identity', 'public', { limit: 'auth' }),
  r('* /auth/*', 'identity', 'public'),
  r('GET,PATCH /users/profile', 'identity', 'user'),
  r('PATCH /users/email', 'identity', 'user'),
  r('PATCH /users/password', 'identity', 'user'),
  r('POST /users/set-password', 'identity', 'user'),
  r('GET,POST /users/limits', 'identity', 'user'),
  r('GET /users/protection', 'identity', 'user'),
  r('POST /users/protection/break', 'identity', 'user'),
  r('POST /users/protection/deposit-limits', 'identity', 'user'),
  r('POST /users/protection/reality-check', 'identity', 'user'),
  r('POST /users/profile-picture', 'identity', 'user', { upload: true }),
  r('GET /users/avatars/:id', 'identity', 'public'),
  r('* /users/*', 'identity', 'public'),
  r('GET /admin/users', 'identity', 'admin'),
  r('GET,DELETE /admin/users/:id', 'identity', 'admin'),
  r('PATCH /admin/users/:id/role', 'identity', 'admin'),
  // the development mail outbox (embedded mode)
  r('GET /dev/mail', 'identity', 'public'),
  r('GET /dev/sms', 'identity', 'public'),
  r('* /dev/*', 'identity', 'public'),

  // ── wallet: balances, ledger, deposits, withdrawals ──────────────────────────
  r('GET /wallet', 'wallet', 'user'),
  r('GET /wallet/summary', 'wallet', 'user'),
  r('GET /wallet/transactions', 'wallet', 'user'),
  r('POST /wallet/deposit/initialize', 'wallet', 'user'),
  r('GET /wallet/deposit/rate', 'wallet', 'public'),
  r('POST /wallet/request-withdrawal', 'wallet', 'user'),
  // payment-provider webhooks and the sandbox checkout page carry no bearer token
  // 256 KiB: the wallet's webhook limit (services/wallet/src/routes/deposit-webhook.ts)
  r('POST /wallet/webhooks/:provider', 'wallet', 'public', { bodyLimit: 256 * 1024 }),
  r('* /wallet/sandbox/*', 'wallet', 'public'),
  r('* /wallet/*', 'wallet', 'public'),
  r('GET /admin/withdrawals', 'wallet', 'admin'),
  r('PATCH /admin/withdrawals/:id/process', 'wallet', 'admin'),
  r('* /admin/withdrawals*', 'wallet', 'admin'),
  r('PATCH /admin/users/:id/wallet', 'wallet', 'admin'),
  r('GET /admin/users/:id/transactions', 'wallet', 'admin'),
  r('POST /admin/wallet/reconcile', 'wallet', 'admin'),
  // four-eyes: adjustments and closed-wallet payouts past ADJUSTMENT_APPROVAL_THRESHOLD (per admin, wallet and day) wait for a second admin
  r('GET /admin/wallet/adjustments', 'wallet', 'admin'),
  r('POST /admin/wallet/adjustments/:id/approve', 'wallet', 'admin'),
  r('* /admin/wallet/*', 'wallet', 'admin'),

  // ── games: catalogue, odds, results, rankings, provider sync ─────────────────
  r('GET /games', 'games', 'public'),
  r('POST /games', 'games', 'admin'),
  r('GET /games/live', 'games', 'public'),
  r('GET /games/markets', 'games', 'public'),
  r('GET /games/:id', 'games', 'public'),
  r('PUT /games/:id', 'games', 'admin'),
  r('GET /games/:id/details', 'games', 'public'),
  r('GET /games/:id/markets', 'games', 'public'),
  r('PATCH /games/:id/result', 'games', 'admin'),
  r('PATCH /games/:id/cancel', 'games', 'admin'),
  // team logos and anything else the catalogue serves
  r('* /games/*', 'games', 'public'),
  r('PATCH,DELETE /admin/games/:id/adjust-odds', 'games', 'admin'),
  // one market of a game: suspend, reopen, pin or reset its prices (issue 32 item 7)
  r('PATCH /admin/games/:id/markets/:market/suspend', 'games', 'admin'),
  r('PATCH /admin/games/:id/markets/:market/reopen', 'games', 'admin'),
  r('PATCH,DELETE /admin/games/:id/markets/:market/adjust-odds', 'games', 'admin'),
  r('POST /admin/games/sync', 'games', 'admin'),
  r('GET /admin/games/:id/audit', 'games', 'admin'),
  r('GET,POST /admin/rankings', 'games', 'admin'),
  r('PATCH,DELETE /admin/rankings/:id', 'games', 'admin'),
  r('* /admin/rankings*', 'games', 'admin'),

  // ── betting: bets, shared slips, leaderboards, stats, exposure ───────────────
  r('GET /bets', 'betting', 'user'),
  r('GET /bets/rules', 'betting', 'public'),
  r('POST /bets/singles', 'betting', 'user'),
  r('POST /bets/multi', 'betting', 'user'),
  r('GET /bets/:id', 'betting', 'user'),
  r('GET,POST /bets/:id/cash-out', 'betting', 'user'),
  r('POST /bets/share', 'betting', 'public'),
  r('GET /bets/share/:id', 'betting', 'public'),
  r('* /bets/*', 'betting', 'public'),
  r('GET /leaderboards/winners', 'betting', 'public'),
  r('GET /leaderboards/highest-odds', 'betting', 'public'),
  r('* /leaderboards/*', 'betting', 'public'),
  r('GET /users/stats', 'betting', 'user'),
  r('GET /users/stats/history', 'betting', 'user'),
  r('* /users/stats*', 'betting', 'user'),
  r('GET /admin/games/:id/risk', 'betting', 'admin'),
  r('GET /admin/risk/overview', 'betting', 'admin'),
  r('* /admin/risk/*', 'betting', 'admin'),
  r('GET /admin/users/:id/bets', 'betting', 'admin'),

  // ── aviator: rounds, provably fair chain, aviator bets ───────────────────────
  r('GET /aviator/state', 'aviator', 'public'),
  r('POST /aviator/place-bet', 'aviator', 'user'),
  r('POST /aviator/cash-out', 'aviator', 'user'),
  r('POST /aviator/cancel', 'aviator', 'user'),
  r('* /aviator/*', 'aviator', 'public'),
  r('* /admin/aviator/*', 'aviator', 'admin'),

  // ── ai: assistants and analyses ──────────────────────────────────────────────
  r('POST /ai/chat', 'ai', 'user'),
  r('POST /ai/analyze-game', 'ai', 'user'),
  r('GET /ai/my-betting-feedback', 'ai', 'user'),
  r('GET /ai/limit-suggestion', 'ai', 'user'),
  r('POST /ai/news-summary', 'ai', 'user'),
  r('GET /ai/recommendations', 'ai', 'user'),
  r('GET /ai/personalized-news', 'ai', 'user'),
  // the admin's game cards (spec 001 §2.6): admins only
  r('POST /ai/generate-social-post', 'ai', 'admin'),
  r('POST /ai/analyze-slip', 'ai', 'user'),
  r('POST /ai/slip-suggestions', 'ai', 'user'),
  // the home page's search box and news are open to visitors
  r('POST /ai/game-search', 'ai', 'public'),
  r('GET /ai/world-sports-news', 'ai', 'public'),
  r('* /ai/*', 'ai', 'public'),
  r('GET /admin/games/:id/risk-summary', 'ai', 'admin'),
  r('POST /admin/social-campaign', 'ai', 'admin'),

  // ── admin: dashboards, the user-details view, promotions ─────────────────────
  r('GET /admin/stats/platform', 'admin', 'admin'),
  r('* /admin/stats/*', 'admin', 'admin'),
  r('GET /admin/dashboard/financial', 'admin', 'admin'),
  r('* /admin/dashboard/*', 'admin', 'admin'),
  r('GET /admin/users/:id/details', 'admin', 'admin'),
  r('GET /admin/audit-log', 'admin', 'admin'),
  r('GET /promotions', 'admin', 'public'),
  r('GET /promotions/all', 'admin', 'admin'),
  r('POST /promotions', 'admin', 'admin'),
  r('PATCH,DELETE /promotions/:id', 'admin', 'admin'),
  // issue 33: the admin checks a promotion a player claims; the wallet owns bonus money and progress
  r('POST /promotions/:id/claim', 'admin', 'user'),
  r('GET /promotions/mine', 'wallet', 'user'),
  r('* /promotions*', 'admin', 'public'),
];

/** One registered route: a single method on a single find-my-way pattern (with API_BASE). */
export interface ExpandedRoute {
  method: Method;
  url: string;
  service: ServiceName;
  auth: Access;
  limit?: LimitClass;
  upload: boolean;
  bodyLimit?: number;
  catchAll: boolean;
  spec: string;
}

/**
 * Turns the table into one route per method and pattern. A catch-all never overrides a
 * method+pattern an explicit entry already has; two explicit entries for the same method
 * and pattern are a mistake in the table and throw.
 */
export function expandRouteTable(table: RouteEntry[] = routeTable): ExpandedRoute[] {
  const out = new Map<string, ExpandedRoute>();
  const parsed = table.map((entry) => ({ entry, ...parseSpec(entry.spec) }));
  // explicit entries first, so catch-alls only fill the gaps
  parsed.sort((a, b) => Number(a.catchAll) - Number(b.catchAll));
  for (const { entry, methods, paths, catchAll } of parsed) {
    for (const path of paths) {
      for (const method of methods) {
        const url = API_BASE + path;
        const key = `${method} ${url}`;
        const existing = out.get(key);
        if (existing) {
          if (catchAll) continue;
          throw new Error(`route table: ${key} is listed twice (${existing.spec} and ${entry.spec})`);
        }
        out.set(key, {
          method,
          url,
          service: entry.service,
          auth: entry.auth,
          limit: entry.limit,
          upload: entry.upload ?? false,
          ...(entry.bodyLimit ? { bodyLimit: entry.bodyLimit } : {}),
          catchAll,
          spec: entry.spec,
        });
      }
    }
  }
  return [...out.values()];
}

function parseSpec(spec: string): { methods: Method[]; paths: string[]; catchAll: boolean } {
  const m = /^(\*|[A-Z,]+) (\/\S*)$/.exec(spec);
  if (!m) throw new Error(`route table: cannot read '${spec}'`);
  const [, methodPart, path] = m;
  const catchAll = methodPart === '*';
  const methods = catchAll ? [...METHODS] : (methodPart.split(',') as Method[]);
  for (const method of methods) {
    if (!METHODS.includes(method)) throw new Error(`route table: unknown method ${method} in '${spec}'`);
  }
  if (path.includes('*') && !path.endsWith('*'))
    throw new Error(`route table: '*' must end the pattern in '${spec}'`);
  // '/x*' means /x and everything below it; '/x/*' only what is below
  const paths =
    path.endsWith('*') && !path.endsWith('/*') ? [path.slice(0, -1), `${path.slice(0, -1)}/*`] : [path];
  return { methods, paths, catchAll: catchAll || path.endsWith('*') };
}

/** A concrete path that the pattern matches (tests and the table listing use it). */
export function samplePath(url: string, id = '5f1d7f0c9b1e8a3d4c2b1a99'): string {
  return url
    .replace(/:token\b/g, 'sample-reset-token')
    .replace(/:[A-Za-z]+/g, id)
    .replace(/\*$/, 'some/where');
}
