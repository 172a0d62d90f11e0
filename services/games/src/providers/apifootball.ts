import type { GameStatus } from '../domain/game';
import type { Phase } from '../domain/odds';
import { apiFootballBooks } from './markets';
import {
  getJson,
  ProviderError,
  type ProviderEvent,
  type ProviderFixture,
  type ProviderOptions,
  type ProviderPrice,
  pricesFrom,
  type SportsProvider,
} from './types';

const LABEL = 'API-Football';

/** API-Football v3 fixture status (short) → our status and the phase for in-play prices. */
const STATUS: Record<string, { status: GameStatus; phase: Phase | null }> = {
  TBD: { status: 'upcoming', phase: null },
  NS: { status: 'upcoming', phase: null },
  PST: { status: 'upcoming', phase: null },
  '1H': { status: 'live', phase: '1H' },
  HT: { status: 'live', phase: 'HT' },
  '2H': { status: 'live', phase: '2H' },
  // 1X2 bets settle on regulation time: from extra time on, the market is decided
  ET: { status: 'live', phase: 'FT' },
  BT: { status: 'live', phase: 'FT' },
  P: { status: 'live', phase: 'FT' },
  SUSP: { status: 'live', phase: '2H' },
  INT: { status: 'live', phase: '2H' },
  LIVE: { status: 'live', phase: '2H' },
  FT: { status: 'finished', phase: 'FT' },
  AET: { status: 'finished', phase: 'FT' },
  PEN: { status: 'finished', phase: 'FT' },
  AWD: { status: 'finished', phase: 'FT' },
  WO: { status: 'finished', phase: 'FT' },
  CANC: { status: 'cancelled', phase: null },
  ABD: { status: 'cancelled', phase: null },
};

/**
 * API-Football answers HTTP 200 with an `errors` object when it refuses a call: a bad
 * key (`token`), the daily quota (`requests`) or the per-minute limit (`rateLimit`).
 */
function checkErrors(body: any) {
  const errors = body?.errors;
  if (!errors || (Array.isArray(errors) && errors.length === 0)) return;
  const entries: Array<[string, string]> = Array.isArray(errors)
    ? errors.map((e: unknown, i: number) => [String(i), String(e)])
    : Object.entries(errors).map(([k, v]) => [k, String(v)]);
  if (entries.length === 0) return;
  const text = entries.map(([, v]) => v).join('; ');
  const keys = entries.map(([k]) => k.toLowerCase());
  if (keys.some((k) => k === 'token' || k === 'access'))
    throw new ProviderError('auth', `${LABEL} refused the API key: ${text}`);
  if (keys.some((k) => k === 'requests' || k === 'ratelimit'))
    throw new ProviderError('rate_limited', `${LABEL} rate limit reached: ${text}`);
  throw new ProviderError('bad_response', `${LABEL} reported: ${text}`);
}

function mapEvent(e: any, homeId: unknown): ProviderEvent | null {
  const type =
    e?.type === 'Goal' ? 'Goal' : e?.type === 'Card' ? 'Card' : e?.type === 'subst' ? 'subst' : null;
  if (!type || typeof e?.time?.elapsed !== 'number') return null;
  return {
    type,
    side: e?.team?.id === homeId ? 'home' : 'away',
    elapsed: Math.max(1, e.time.elapsed),
    extra: typeof e.time.extra === 'number' ? e.time.extra : null,
    player: String(e?.player?.name ?? 'Unknown'),
    detail: String(e?.detail ?? type),
  };
}

export function mapFixture(item: any): ProviderFixture | null {
  const f = item?.fixture;
  const home = item?.teams?.home;
  const away = item?.teams?.away;
  if (f?.id == null || !home?.name || !away?.name || !f?.date) return null;
  const date = new Date(f.date);
  if (Number.isNaN(date.getTime())) return null;
  const st = STATUS[String(f?.status?.short ?? 'NS')] ?? { status: 'upcoming', phase: null };
  // score.fulltime is the regulation-time score; goals also counts extra time
  const ft = item?.score?.fulltime;
  const goals = item?.goals;
  const score =
    st.phase === 'FT' && typeof ft?.home === 'number' && typeof ft?.away === 'number'
      ? { home: ft.home, away: ft.away }
      : typeof goals?.home === 'number' && typeof goals?.away === 'number'
        ? { home: goals.home, away: goals.away }
        : null;
  const events = Array.isArray(item?.events)
    ? item.events
        .map((e: any) => mapEvent(e, home.id))
        .filter((e: ProviderEvent | null): e is ProviderEvent => e !== null)
    : null;
  return {
    providerId: String(f.id),
    leagueId: item?.league?.id != null ? String(item.league.id) : null,
    league: item?.league?.name ?? null,
    homeTeam: String(home.name),
    awayTeam: String(away.name),
    homeTeamLogo: home.logo ?? null,
    awayTeamLogo: away.logo ?? null,
    matchDate: date,
    status: st.status,
    phase: st.phase,
    elapsed: typeof f?.status?.elapsed === 'number' ? f.status.elapsed : null,
    score,
    events,
    htScore: scoreOf(item?.score?.halftime),
  };
}

const scoreOf = (s: any) =>
  typeof s?.home === 'number' && typeof s?.away === 'number' ? { home: s.home, away: s.away } : null;

function matchWinner(values: any[]): ReturnType<typeof pricesFrom> {
  const by = (name: string) =>
    values.find((v) => String(v?.value).toLowerCase() === name && !v?.suspended)?.odd;
  return pricesFrom(by('home'), by('draw'), by('away'));
}

export class ApiFootball implements SportsProvider {
  readonly name = 'apifootball' as const;
  constructor(private readonly o: ProviderOptions) {}

  private async get(path: string, params: Record<string, string>) {
    const url = new URL(
      path.replace(/^\//, ''),
      this.o.baseUrl.endsWith('/') ? this.o.baseUrl : `${this.o.baseUrl}/`,
    );
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    const body = await getJson(url, {
      headers: { 'x-apisports-key': this.o.key },
      timeoutMs: this.o.timeoutMs,
      label: LABEL,
    });
    checkErrors(body);
    if (!Array.isArray(body.response))
      throw new ProviderError('bad_response', `${LABEL} answered without a response list`);
    return body;
  }

  private keep = (f: ProviderFixture) =>
    this.o.leagues.size === 0 || (f.leagueId !== null && this.o.leagues.has(f.leagueId));

  async fixtures(days: readonly string[]) {
    const out: ProviderFixture[] = [];
    for (const date of days) {
      const body = await this.get('fixtures', { date, timezone: 'UTC' });
      for (const item of body.response) {
        const f = mapFixture(item);
        if (f && this.keep(f)) out.push(f);
      }
    }
    return out;
  }

  async live() {
    const body = await this.get('fixtures', { live: 'all', timezone: 'UTC' });
    return body.response
      .map(mapFixture)
      .filter((f: ProviderFixture | null): f is ProviderFixture => !!f && this.keep(f));
  }

  /** Events come with fixtures fetched by id, twenty ids per call. */
  async loadEvents(fixtures: ProviderFixture[]) {
    const wanted = fixtures.filter((f) => f.events === null);
    for (let i = 0; i < wanted.length; i += 20) {
      const batch = wanted.slice(i, i + 20);
      const body = await this.get('fixtures', {
        ids: batch.map((f) => f.providerId).join('-'),
        timezone: 'UTC',
      });
      const byId = new Map<string, ProviderFixture>();
      for (const item of body.response) {
        const f = mapFixture(item);
        if (f) byId.set(f.providerId, f);
      }
      for (const f of batch) f.events = byId.get(f.providerId)?.events ?? f.events;
    }
  }

  async odds(days: readonly string[]) {
    const out: ProviderPrice[] = [];
    for (const date of days) {
      for (let page = 1; page <= this.o.maxPages; page++) {
        // every bet of each bookmaker: Match Winner for 1X2, the others for our other markets
        const body = await this.get('odds', { date, page: String(page), timezone: 'UTC' });
        for (const item of body.response) {
          const id = item?.fixture?.id;
          if (id == null) continue;
          // one bookmaker's prices for every market, so that they agree with each other
          for (const bm of item?.bookmakers ?? []) {
            const bet = (bm?.bets ?? []).find((b: any) => b?.id === 1 || b?.name === 'Match Winner');
            const odds = bet ? matchWinner(bet.values ?? []) : null;
            if (odds) {
              out.push({ providerId: String(id), odds, live: false, markets: apiFootballBooks(bm.bets) });
              break;
            }
          }
        }
        if (!(Number(body?.paging?.total) > page)) break;
      }
    }
    return out;
  }

  async liveOdds() {
    const body = await this.get('odds/live', {});
    const out: ProviderPrice[] = [];
    for (const item of body.response) {
      const id = item?.fixture?.id;
      if (id == null || item?.status?.blocked || item?.status?.finished) continue;
      const bet = (item?.odds ?? []).find(
        (b: any) => b?.name === 'Fulltime Result' || b?.name === 'Match Winner',
      );
      const odds = bet ? matchWinner(bet.values ?? []) : null;
      if (odds) out.push({ providerId: String(id), odds, live: true });
    }
    return out;
  }
}
