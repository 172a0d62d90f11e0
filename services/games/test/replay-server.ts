import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for API-Football v3 and AllSportsAPI that answers with the response
 * shapes their documentation shows (success, errors-in-200, HTTP 429), from fixtures the
 * test edits between syncs. It records every request so tests can count quota use.
 */
export const GOOD_KEY = 'replay-key';

export interface AfFixture {
  id: number;
  date: string;
  short: string;
  elapsed: number | null;
  league: { id: number; name: string };
  home: { id: number; name: string };
  away: { id: number; name: string };
  goals: { home: number | null; away: number | null };
  fulltime?: { home: number | null; away: number | null };
  halftime?: { home: number | null; away: number | null };
  events?: Array<{
    elapsed: number;
    extra?: number | null;
    teamId: number;
    player: string;
    type: string;
    detail: string;
  }>;
}

export interface AsEvent {
  event_key: number;
  event_date: string;
  event_time: string;
  event_home_team: string;
  event_away_team: string;
  event_status: string;
  event_live: '0' | '1';
  event_final_result: string;
  event_halftime_result?: string;
  event_ft_result: string;
  league_key: number;
  league_name: string;
  goalscorers: Array<Record<string, unknown>>;
  cards: Array<Record<string, unknown>>;
  substitutes: Array<Record<string, unknown>>;
}

export interface ReplayState {
  /** the key the stand-in accepts (change it to play a revoked key) */
  key: string;
  /** what the next answers say; `null` odds mean "no bookmaker priced it" */
  apiFootball: {
    fixtures: AfFixture[];
    odds: Record<number, [string, string, string]>;
    /** more bets of the bookmaker for a fixture, as /odds documents them ({ id, name, values }) */
    bets?: Record<number, Array<{ id: number; name: string; values: Array<{ value: string; odd: string }> }>>;
    liveOdds: Record<number, [string, string, string]>;
  };
  allSports: {
    events: AsEvent[];
    /** a bookmaker's flat row: odd_1, odd_x, odd_2 and the other markets' fields (odd_1x, o+2.5, bts_yes, ah-0.5_1…) */
    odds: Record<
      number,
      Array<{
        odd_bookmakers: string;
        odd_1: unknown;
        odd_x: unknown;
        odd_2: unknown;
        [field: string]: unknown;
      }>
    >;
  };
  /** answer every call this much later (a slow provider: syncs overlap) */
  delayMs?: number;
  /** force an answer for the next matching calls */
  fail: {
    apiFootball?: 'ratelimit' | 'quota' | 'down';
    allSports?: 'ratelimit' | 'down';
    apiFootballOdds?: 'ratelimit';
  };
}

function afFixtureJson(f: AfFixture, withEvents: boolean) {
  const long: Record<string, string> = {
    NS: 'Not Started',
    '1H': 'First Half',
    HT: 'Halftime',
    '2H': 'Second Half',
    FT: 'Match Finished',
    AET: 'Match Finished After Extra Time',
    CANC: 'Match Cancelled',
  };
  return {
    fixture: {
      id: f.id,
      referee: null,
      timezone: 'UTC',
      date: f.date,
      timestamp: Math.floor(Date.parse(f.date) / 1000),
      periods: { first: null, second: null },
      venue: { id: 1, name: 'Stadium', city: 'City' },
      status: { long: long[f.short] ?? f.short, short: f.short, elapsed: f.elapsed },
    },
    league: {
      id: f.league.id,
      name: f.league.name,
      country: 'Nigeria',
      logo: `https://media.example/leagues/${f.league.id}.png`,
      flag: null,
      season: 2026,
      round: 'Regular Season - 1',
    },
    teams: {
      home: {
        id: f.home.id,
        name: f.home.name,
        logo: `https://media.example/teams/${f.home.id}.png`,
        winner: null,
      },
      away: {
        id: f.away.id,
        name: f.away.name,
        logo: `https://media.example/teams/${f.away.id}.png`,
        winner: null,
      },
    },
    goals: f.goals,
    score: {
      halftime: f.halftime ?? { home: null, away: null },
      fulltime: f.fulltime ?? { home: null, away: null },
      extratime: { home: null, away: null },
      penalty: { home: null, away: null },
    },
    ...(withEvents
      ? {
          events: (f.events ?? []).map((e) => ({
            time: { elapsed: e.elapsed, extra: e.extra ?? null },
            team: { id: e.teamId, name: e.teamId === f.home.id ? f.home.name : f.away.name, logo: null },
            player: { id: 1, name: e.player },
            assist: { id: null, name: null },
            type: e.type,
            detail: e.detail,
            comments: null,
          })),
        }
      : {}),
  };
}

const envelope = (
  get: string,
  parameters: Record<string, string>,
  response: unknown[],
  paging = { current: 1, total: 1 },
) => ({
  get,
  parameters,
  errors: [],
  results: response.length,
  paging,
  response,
});

export async function startReplayServer(state: ReplayState) {
  const requests: string[] = [];
  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };

  const apiFootball = (req: IncomingMessage, res: ServerResponse, url: URL) => {
    const path = url.pathname.replace(/^\/apifootball/, '');
    const params = Object.fromEntries(url.searchParams);
    if (state.fail.apiFootball === 'down') return send(res, 502, { message: 'Bad Gateway' });
    if (state.fail.apiFootball === 'ratelimit') {
      return send(
        res,
        429,
        { message: 'Too many requests. Your rate limit is 10 requests per minute.' },
        { 'retry-after': '60' },
      );
    }
    if (req.headers['x-apisports-key'] !== state.key) {
      return send(res, 200, {
        ...envelope(path.slice(1), params, []),
        errors: {
          token:
            'Error/Missing application key. Go to https://www.api-football.com/documentation-v3 to learn how to get your API application key.',
        },
      });
    }
    if (state.fail.apiFootball === 'quota') {
      return send(res, 200, {
        ...envelope(path.slice(1), params, []),
        errors: {
          requests:
            'You have reached the request limit for the day, Go to https://dashboard.api-football.com to upgrade your plan.',
        },
      });
    }
    const all = state.apiFootball.fixtures;
    if (path === '/fixtures') {
      if (params.live === 'all') {
        return send(
          res,
          200,
          envelope(
            'fixtures',
            params,
            all.filter((f) => ['1H', 'HT', '2H', 'ET'].includes(f.short)).map((f) => afFixtureJson(f, true)),
          ),
        );
      }
      if (params.ids) {
        const ids = params.ids.split('-').map(Number);
        return send(
          res,
          200,
          envelope(
            'fixtures',
            params,
            all.filter((f) => ids.includes(f.id)).map((f) => afFixtureJson(f, true)),
          ),
        );
      }
      if (params.date) {
        return send(
          res,
          200,
          envelope(
            'fixtures',
            params,
            all.filter((f) => f.date.startsWith(params.date)).map((f) => afFixtureJson(f, false)),
          ),
        );
      }
      return send(res, 200, {
        ...envelope('fixtures', params, []),
        errors: { required: 'At least one parameter is required.' },
      });
    }
    if (path === '/odds') {
      if (state.fail.apiFootballOdds === 'ratelimit') return send(res, 429, { message: 'Too many requests' });
      const items = all
        .filter((f) => f.date.startsWith(params.date ?? '') && state.apiFootball.odds[f.id])
        .map((f) => {
          const [h, d, a] = state.apiFootball.odds[f.id];
          return {
            league: {
              id: f.league.id,
              name: f.league.name,
              country: 'Nigeria',
              logo: null,
              flag: null,
              season: 2026,
            },
            fixture: {
              id: f.id,
              timezone: 'UTC',
              date: f.date,
              timestamp: Math.floor(Date.parse(f.date) / 1000),
            },
            update: new Date().toISOString(),
            bookmakers: [
              {
                id: 8,
                name: 'Bet365',
                bets: [
                  {
                    id: 5,
                    name: 'Goals Over/Under',
                    values: [
                      { value: 'Over 2.5', odd: '1.90' },
                      { value: 'Under 2.5', odd: '1.90' },
                    ],
                  },
                  {
                    id: 1,
                    name: 'Match Winner',
                    values: [
                      { value: 'Home', odd: h },
                      { value: 'Draw', odd: d },
                      { value: 'Away', odd: a },
                    ],
                  },
                  ...(state.apiFootball.bets?.[f.id] ?? []),
                ],
              },
            ],
          };
        });
      // two pages, to prove paging is followed
      const page = Number(params.page ?? 1);
      const half = Math.ceil(items.length / 2);
      const slice = page === 1 ? items.slice(0, half) : items.slice(half);
      return send(
        res,
        200,
        envelope('odds', params, slice, { current: page, total: items.length > 1 ? 2 : 1 }),
      );
    }
    if (path === '/odds/live') {
      const items = Object.entries(state.apiFootball.liveOdds).map(([id, [h, d, a]]) => ({
        fixture: { id: Number(id), status: { long: 'Second Half', elapsed: 67, seconds: '67:12' } },
        league: { id: 399, season: 2026 },
        teams: { home: { id: 1, goals: 0 }, away: { id: 2, goals: 1 } },
        status: { stopped: false, blocked: false, finished: false },
        update: new Date().toISOString(),
        odds: [
          {
            id: 59,
            name: 'Fulltime Result',
            values: [
              { value: 'Home', odd: h, handicap: null, main: null, suspended: false },
              { value: 'Draw', odd: d, handicap: null, main: null, suspended: false },
              { value: 'Away', odd: a, handicap: null, main: null, suspended: false },
            ],
          },
        ],
      }));
      return send(res, 200, envelope('odds/live', params, items));
    }
    return send(res, 404, { message: 'Endpoint not found' });
  };

  const allSports = (_req: IncomingMessage, res: ServerResponse, url: URL) => {
    const p = Object.fromEntries(url.searchParams);
    if (state.fail.allSports === 'down') return send(res, 503, { message: 'Service Unavailable' });
    if (state.fail.allSports === 'ratelimit') return send(res, 429, { message: 'Too Many Requests' });
    if (p.APIkey !== state.key)
      return send(res, 200, { success: 0, error: [{ param: 'APIkey', msg: 'Invalid API key', cod: 1 }] });
    const events = state.allSports.events;
    if (p.met === 'Fixtures') {
      const inRange = events.filter(
        (e) => e.event_date >= (p.from ?? '') && e.event_date <= (p.to ?? '9999'),
      );
      return send(res, 200, { success: 1, result: inRange });
    }
    if (p.met === 'Livescore')
      return send(res, 200, { success: 1, result: events.filter((e) => e.event_live === '1') });
    if (p.met === 'Odds') {
      const result = Object.fromEntries(Object.entries(state.allSports.odds).map(([k, v]) => [k, v]));
      return send(res, 200, { success: 1, result });
    }
    return send(res, 200, { success: 0, error: [{ param: 'met', msg: 'Method not found', cod: 2 }] });
  };

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://replay');
    requests.push(`${url.pathname}?${url.searchParams.toString()}`);
    if (state.delayMs) await new Promise((r) => setTimeout(r, state.delayMs));
    if (url.pathname.startsWith('/apifootball')) return apiFootball(req, res, url);
    if (url.pathname.startsWith('/allsports')) return allSports(req, res, url);
    send(res, 404, { message: 'not found' });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
