import type { GameStatus } from '../domain/game';
import type { Phase } from '../domain/odds';
import { allSportsBooks } from './markets';
import {
  getJson,
  minuteFrom,
  ProviderError,
  type ProviderEvent,
  type ProviderFixture,
  type ProviderOptions,
  type ProviderPrice,
  pricesFrom,
  type SportsProvider,
} from './types';

const LABEL = 'AllSportsAPI';

/** "2 - 1" → { home: 2, away: 1 }; "-" or "" → null */
function scoreFrom(v: unknown): { home: number; away: number } | null {
  const m = /^\s*(\d+)\s*-\s*(\d+)\s*$/.exec(String(v ?? ''));
  return m ? { home: Number(m[1]), away: Number(m[2]) } : null;
}

/** AllSportsAPI's event_status is free text: "", a minute ("67", "45+2"), "Half Time", "Finished"… */
function statusFrom(item: any): { status: GameStatus; phase: Phase | null; elapsed: number | null } {
  const raw = String(item?.event_status ?? '').trim();
  const s = raw.toLowerCase();
  if (
    s === 'finished' ||
    s === 'after et' ||
    s === 'after pen.' ||
    s === 'after penalties' ||
    s === 'awarded'
  ) {
    return { status: 'finished', phase: 'FT', elapsed: 90 };
  }
  if (s === 'cancelled' || s === 'abandoned') return { status: 'cancelled', phase: null, elapsed: null };
  if (s === 'postponed' || s === '') {
    return item?.event_live === '1'
      ? { status: 'live', phase: '1H', elapsed: 0 }
      : { status: 'upcoming', phase: null, elapsed: null };
  }
  if (s === 'half time') return { status: 'live', phase: 'HT', elapsed: 45 };
  if (s === 'extra time' || s === 'penalties' || s === 'break time')
    return { status: 'live', phase: 'FT', elapsed: 90 };
  const minute = minuteFrom(raw);
  if (minute) {
    const m = Math.min(90, minute.elapsed);
    return { status: 'live', phase: minute.elapsed > 90 ? 'FT' : m <= 45 ? '1H' : '2H', elapsed: m };
  }
  return item?.event_live === '1'
    ? { status: 'live', phase: '2H', elapsed: null }
    : { status: 'upcoming', phase: null, elapsed: null };
}

function mapEvents(item: any): ProviderEvent[] | null {
  const goals = item?.goalscorers;
  const cards = item?.cards;
  const subs = item?.substitutes;
  if (!Array.isArray(goals) && !Array.isArray(cards) && !Array.isArray(subs)) return null;
  const out: ProviderEvent[] = [];
  const at = (t: unknown) => minuteFrom(t) ?? { elapsed: 1, extra: null };
  for (const g of Array.isArray(goals) ? goals : []) {
    const side = g?.home_scorer ? 'home' : g?.away_scorer ? 'away' : null;
    if (!side) continue;
    out.push({
      type: 'Goal',
      side,
      ...at(g.time),
      player: String(g[`${side}_scorer`]),
      detail: String(g?.info || 'Normal Goal'),
    });
  }
  for (const c of Array.isArray(cards) ? cards : []) {
    const side = c?.home_fault ? 'home' : c?.away_fault ? 'away' : null;
    if (!side) continue;
    const card = String(c?.card ?? '').toLowerCase();
    const detail =
      card.includes('yellowred') || card.includes('second')
        ? 'Second Yellow card'
        : card.includes('red')
          ? 'Red Card'
          : 'Yellow Card';
    out.push({ type: 'Card', side, ...at(c.time), player: String(c[`${side}_fault`]), detail });
  }
  for (const s of Array.isArray(subs) ? subs : []) {
    const side = s?.home_scorer?.in ? 'home' : s?.away_scorer?.in ? 'away' : null;
    if (!side) continue;
    const swap = s[`${side}_scorer`];
    out.push({
      type: 'subst',
      side,
      ...at(s.time),
      player: String(swap.in),
      detail: `Substitution (${swap.out ?? 'unknown'} off)`,
    });
  }
  return out.sort((a, b) => a.elapsed - b.elapsed || (a.extra ?? 0) - (b.extra ?? 0));
}

export function mapFixture(item: any): ProviderFixture | null {
  if (item?.event_key == null || !item?.event_home_team || !item?.event_away_team || !item?.event_date)
    return null;
  const time = /^\d{2}:\d{2}$/.test(String(item.event_time ?? '')) ? item.event_time : '00:00';
  const date = new Date(`${item.event_date}T${time}:00Z`);
  if (Number.isNaN(date.getTime())) return null;
  const st = statusFrom(item);
  // event_ft_result is the regulation-time score; event_final_result includes extra time
  const score =
    (st.phase === 'FT' ? scoreFrom(item.event_ft_result) : null) ?? scoreFrom(item.event_final_result);
  return {
    providerId: String(item.event_key),
    leagueId: item.league_key != null ? String(item.league_key) : null,
    league: item.league_name ?? null,
    homeTeam: String(item.event_home_team),
    awayTeam: String(item.event_away_team),
    homeTeamLogo: item.home_team_logo || null,
    awayTeamLogo: item.away_team_logo || null,
    matchDate: date,
    status: st.status,
    phase: st.phase,
    elapsed: st.elapsed,
    score: st.status === 'upcoming' ? null : score,
    events: mapEvents(item),
    htScore: st.status === 'upcoming' ? null : scoreFrom(item.event_halftime_result),
  };
}

/** AllSportsAPI answers HTTP 200 with `success` other than 1 when it refuses a call. */
function checkSuccess(body: any) {
  if (body?.success === 1 || body?.success === '1') return;
  const detail = [body?.error, body?.message, body?.result]
    .flat()
    .map((e: any) => (typeof e === 'string' ? e : (e?.msg ?? e?.message)))
    .filter(Boolean)
    .join('; ');
  const text = detail || 'the call was refused';
  if (/key|login|credential|auth/i.test(text))
    throw new ProviderError('auth', `${LABEL} refused the API key: ${text}`);
  if (/limit|too many|quota/i.test(text))
    throw new ProviderError('rate_limited', `${LABEL} rate limit reached: ${text}`);
  throw new ProviderError('bad_response', `${LABEL} reported: ${text}`);
}

export class AllSportsApi implements SportsProvider {
  readonly name = 'allsportsapi' as const;
  constructor(private readonly o: ProviderOptions) {}

  private async get(params: Record<string, string>) {
    const url = new URL(this.o.baseUrl);
    url.searchParams.set('APIkey', this.o.key);
    url.searchParams.set('timezone', 'UTC');
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    const body = await getJson(url, { timeoutMs: this.o.timeoutMs, label: LABEL });
    checkSuccess(body);
    return body;
  }

  private keep = (f: ProviderFixture) =>
    this.o.leagues.size === 0 || (f.leagueId !== null && this.o.leagues.has(f.leagueId));

  private fixtureList(body: any) {
    const list = Array.isArray(body?.result) ? body.result : [];
    return list
      .map(mapFixture)
      .filter((f: ProviderFixture | null): f is ProviderFixture => !!f && this.keep(f));
  }

  async fixtures(days: readonly string[]) {
    if (days.length === 0) return [];
    return this.fixtureList(await this.get({ met: 'Fixtures', from: days[0], to: days[days.length - 1] }));
  }

  async live() {
    return this.fixtureList(await this.get({ met: 'Livescore' }));
  }

  /** Fixture answers carry goals, cards and substitutions inline. */
  async loadEvents() {}

  async odds(days: readonly string[]) {
    if (days.length === 0) return [];
    const body = await this.get({ met: 'Odds', from: days[0], to: days[days.length - 1] });
    const out: ProviderPrice[] = [];
    const result =
      body?.result && typeof body.result === 'object' && !Array.isArray(body.result) ? body.result : {};
    for (const [eventKey, rows] of Object.entries<any>(result)) {
      for (const row of Array.isArray(rows) ? rows : []) {
        const odds = pricesFrom(row?.odd_1, row?.odd_x, row?.odd_2);
        if (odds) {
          // one bookmaker's row for every market, so that they agree with each other
          out.push({ providerId: String(eventKey), odds, live: false, markets: allSportsBooks(row) });
          break;
        }
      }
    }
    return out;
  }

  /** No in-play odds feed is used from AllSportsAPI: live games are priced by our model. */
  async liveOdds() {
    return [];
  }
}
