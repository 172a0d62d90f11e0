import * as chrono from 'chrono-node';
import Fuse from 'fuse.js';
import { COUNTRY_WORDS, countryOfLeague, KNOWN_LEAGUES } from './leagues';
import { addDays, localWeekday, type Range, startOfLocalDay } from './time';
import type { GameFacts, GameStatus } from './types';

/**
 * Natural-language game search: "games in Spain today", "Arsenal this weekend", "live
 * games in Nigeria", "tomorrow's Premier League". Dates come from chrono-node, teams,
 * leagues and countries from the calendar itself through exact phrases first and
 * fuse.js fuzzy matching for typos and partial names.
 */

export interface SearchIntent {
  teams: string[];
  leagues: string[];
  countries: string[];
  status: GameStatus[] | null;
  range: Range | null;
  /** "Arsenal vs Chelsea": both teams in the same game */
  headToHead: boolean;
  /** the words nothing understood */
  leftover: string[];
}

export interface SearchOptions {
  now: Date;
  /** minutes ahead of UTC of the players' zone */
  offsetMinutes: number;
  limit?: number;
}

type Entity = { kind: 'team' | 'league' | 'country'; key: string; value: string };

const STOP = new Set(
  `a an the in on at of for from to and or me my show find list get give what whats what's which when where who is are
  there any all some games game matches match fixture fixtures football soccer playing play plays played today's
  tomorrow's yesterday's please can you i want see let's lets look looking up with about team teams league leagues
  country countries involving featuring bet bets odds tips good best today tomorrow yesterday tonight this next coming
  weekend week day days s vs v versus against schedule scheduled kick kickoff off time times it do does will be
  monday tuesday wednesday thursday friday saturday sunday mon tue tues wed thu thurs fri sat sun morning afternoon
  evening night january february march april may june july august september october november december jan feb mar apr
  jun jul aug sep sept oct nov dec live results result finished upcoming later now right currently ongoing progress
  played final scores score last ago previous yesterday`
    .split(/\s+/)
    .filter(Boolean),
);

/** words too common in club names to identify a club alone */
const GENERIC = new Set([
  'united',
  'city',
  'fc',
  'real',
  'stars',
  'club',
  'sporting',
  'athletic',
  'premier',
  'league',
  'football',
  'la',
  'de',
  'and',
  'the',
  'county',
  'town',
  'rovers',
  'warriors',
]);

/** nicknames → a name in the calendar (only used when that club exists) */
const TEAM_ALIASES: Record<string, string> = {
  spurs: 'Tottenham',
  'man utd': 'Manchester United',
  'man united': 'Manchester United',
  'man u': 'Manchester United',
  'man city': 'Manchester City',
  barca: 'Barcelona',
  atletico: 'Atletico Madrid',
  atleti: 'Atletico Madrid',
  gunners: 'Arsenal',
  toffees: 'Everton',
  villa: 'Aston Villa',
  forest: 'Nottingham Forest',
  juve: 'Juventus',
  psg: 'Paris Saint-Germain',
  'paris sg': 'Paris Saint-Germain',
  bayern: 'Bayern Munich',
  dortmund: 'Borussia Dortmund',
  bvb: 'Borussia Dortmund',
  inter: 'Inter',
  milan: 'AC Milan',
  rangers: 'Enugu Rangers',
};

const LIVE = /\b(live|in[- ]?play|playing now|right now|on now|ongoing|in progress|currently)\b/;
const FINISHED =
  /\b(results?|finished|final scores?|full[- ]?time|ended|played|last weekend|yesterday|last night)\b/;
const UPCOMING = /\b(upcoming|fixtures?|coming up|scheduled|later|next|kick[- ]?offs?|will play|to come)\b/;

export const normalize = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/['’]s\b/g, '')
    .replace(/[^a-z0-9\s-]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The entities a calendar offers: its teams and leagues, the known leagues and countries. */
export function entitiesOf(games: readonly GameFacts[]): Entity[] {
  const out = new Map<string, Entity>();
  const add = (kind: Entity['kind'], key: string, value: string) => {
    const k = normalize(key);
    if (k && !out.has(`${kind}:${k}`)) out.set(`${kind}:${k}`, { kind, key: k, value });
  };
  const teams = new Set<string>();
  const leagues = new Set<string>();
  for (const g of games) {
    teams.add(g.homeTeam);
    teams.add(g.awayTeam);
    if (g.league) leagues.add(g.league);
  }
  for (const t of teams) add('team', t, t);
  for (const [alias, team] of Object.entries(TEAM_ALIASES)) if (teams.has(team)) add('team', alias, team);
  for (const l of leagues) add('league', l, l);
  for (const l of KNOWN_LEAGUES) {
    if (!leagues.has(l.name)) continue;
    for (const a of l.aliases) add('league', a, l.name);
  }
  for (const [country, words] of Object.entries(COUNTRY_WORDS))
    for (const w of words) add('country', w, country);
  return [...out.values()];
}

/** Reads a query into what it asks for. */
export function understand(query: string, games: readonly GameFacts[], opts: SearchOptions): SearchIntent {
  const text = query.slice(0, 300);
  const lower = normalize(text);
  const range = dateRange(text, opts);
  let status: GameStatus[] | null = null;
  if (LIVE.test(lower)) status = ['live'];
  else if (FINISHED.test(lower)) status = ['finished'];
  else if (UPCOMING.test(lower)) status = ['upcoming'];

  const entities = entitiesOf(games);
  const byKey = new Map<string, Entity[]>();
  for (const e of entities) byKey.set(e.key, [...(byKey.get(e.key) ?? []), e]);
  // single distinctive words of team names ("enyimba", "madrid") → the teams bearing them
  const byWord = new Map<string, Entity[]>();
  for (const e of entities) {
    if (e.kind !== 'team') continue;
    for (const w of e.key.split(' ')) {
      if (w.length < 4 || GENERIC.has(w)) continue;
      byWord.set(w, [...(byWord.get(w) ?? []), e]);
    }
  }
  const fuse = new Fuse(entities, {
    keys: ['key'],
    includeScore: true,
    threshold: 0.3,
    ignoreLocation: true,
  });
  const wordFuse = new Fuse([...byWord.keys()], { includeScore: true, threshold: 0.25 });

  const tokens = lower.split(' ').filter(Boolean);
  const found: Entity[] = [];
  const leftover: string[] = [];
  let i = 0;
  outer: while (i < tokens.length) {
    for (let n = Math.min(4, tokens.length - i); n >= 1; n--) {
      const phrase = tokens.slice(i, i + n).join(' ');
      const exact = byKey.get(phrase);
      if (exact) {
        found.push(...exact);
        i += n;
        continue outer;
      }
      if (n === 1 && byWord.has(phrase)) {
        found.push(...byWord.get(phrase)!);
        i += 1;
        continue outer;
      }
    }
    const tok = tokens[i];
    if (STOP.has(tok) || tok.length < 3 || /^\d/.test(tok)) {
      i++;
      continue;
    }
    // typos and partial names: fuzzy on two words, then on one
    const two = tokens.slice(i, i + 2).join(' ');
    if (i + 1 < tokens.length && !STOP.has(tokens[i + 1])) {
      const hit = fuse.search(two)[0];
      if (hit && (hit.score ?? 1) <= 0.2) {
        found.push(hit.item);
        i += 2;
        continue;
      }
    }
    if (tok.length >= 4 && !GENERIC.has(tok)) {
      const hit = fuse.search(tok)[0];
      if (hit && (hit.score ?? 1) <= 0.2 && hit.item.key.split(' ').length === 1) {
        found.push(hit.item);
        i++;
        continue;
      }
      const w = wordFuse.search(tok)[0];
      if (w && (w.score ?? 1) <= 0.25) {
        found.push(...byWord.get(w.item)!);
        i++;
        continue;
      }
    }
    leftover.push(tok);
    i++;
  }
  const uniq = (kind: Entity['kind']) => [
    ...new Set(found.filter((e) => e.kind === kind).map((e) => e.value)),
  ];
  const teams = uniq('team');
  return {
    teams,
    leagues: uniq('league'),
    countries: uniq('country'),
    status,
    range,
    headToHead: teams.length === 2 && /\b(vs|v|versus|against)\b/.test(lower),
    leftover,
  };
}

/** The date window a query names, in the players' local days. */
export function dateRange(text: string, opts: SearchOptions): Range | null {
  const off = opts.offsetMinutes;
  const lower = text.toLowerCase();
  const today = startOfLocalDay(opts.now, off);
  const weekendFrom = (anchor: Date) => {
    // the Saturday of the weekend containing or following `anchor`
    const wd = localWeekday(anchor, off);
    const sat =
      wd === 6
        ? startOfLocalDay(anchor, off)
        : wd === 0
          ? addDays(startOfLocalDay(anchor, off), -1)
          : addDays(startOfLocalDay(anchor, off), 6 - wd);
    return sat;
  };
  if (/\bweekend\b/.test(lower)) {
    let sat = weekendFrom(opts.now);
    if (/\bnext weekend\b/.test(lower)) sat = addDays(sat, 7);
    if (/\blast weekend\b/.test(lower)) sat = addDays(sat, -7);
    return { from: sat, to: addDays(sat, 2) };
  }
  if (/\b(this|the) week\b/.test(lower)) {
    const wd = localWeekday(opts.now, off);
    return { from: today, to: addDays(today, wd === 0 ? 1 : 8 - wd) };
  }
  if (/\bnext week\b/.test(lower)) {
    const wd = localWeekday(opts.now, off);
    const monday = addDays(today, wd === 0 ? 1 : 8 - wd);
    return { from: monday, to: addDays(monday, 7) };
  }
  if (/\b(tonight|this evening)\b/.test(lower)) {
    return { from: new Date(today.getTime() + 17 * 3_600_000), to: addDays(today, 1) };
  }
  const past = /\b(last|yesterday|ago|previous)\b/.test(lower);
  const parsed = chrono.parse(text, { instant: opts.now, timezone: off }, { forwardDate: !past });
  if (parsed.length === 0) return null;
  const p = parsed[0];
  const from = startOfLocalDay(p.start.date(), off);
  const to = p.end ? addDays(startOfLocalDay(p.end.date(), off), 1) : addDays(from, 1);
  return { from, to };
}

/** Applies an understood query to the calendar: the matching games, live first, then by kick-off. */
export function searchGames(
  query: string,
  games: readonly GameFacts[],
  opts: SearchOptions,
): { games: GameFacts[]; intent: SearchIntent } {
  const intent = understand(query, games, opts);
  const specific = intent.teams.length + intent.leagues.length + intent.countries.length > 0;
  if (!specific && !intent.range && !intent.status) {
    // nothing recognised: the words themselves against the fixtures, fuzzily
    const fuse = new Fuse(
      games.filter((g) => g.status === 'upcoming' || g.status === 'live'),
      { keys: ['homeTeam', 'awayTeam', 'league'], threshold: 0.3, ignoreLocation: true },
    );
    const words = intent.leftover.join(' ');
    return {
      games: words
        ? fuse
            .search(words)
            .slice(0, opts.limit ?? 50)
            .map((r) => r.item)
        : [],
      intent,
    };
  }
  const statuses: GameStatus[] =
    intent.status ??
    (intent.range
      ? intent.range.to <= opts.now
        ? ['finished']
        : ['upcoming', 'live', 'finished']
      : ['upcoming', 'live']);
  const out = games.filter((g) => {
    if (!statuses.includes(g.status)) return false;
    if (intent.range && (g.matchDate < intent.range.from || g.matchDate >= intent.range.to)) {
      // a game that is live now belongs to "today" even if it kicked off before midnight
      if (!(g.status === 'live' && intent.range.from <= opts.now && opts.now < intent.range.to)) return false;
    }
    if (intent.teams.length > 0) {
      const has = (t: string) => g.homeTeam === t || g.awayTeam === t;
      if (intent.headToHead ? !intent.teams.every(has) : !intent.teams.some(has)) return false;
    }
    if (intent.leagues.length > 0 && !intent.leagues.includes(g.league ?? '')) return false;
    if (intent.countries.length > 0 && !intent.countries.includes(countryOfLeague(g.league) ?? ''))
      return false;
    return true;
  });
  const finishedOnly = statuses.length === 1 && statuses[0] === 'finished';
  out.sort((a, b) => {
    const rank = (g: GameFacts) => (g.status === 'live' ? 0 : 1);
    if (rank(a) !== rank(b)) return rank(a) - rank(b);
    const d = a.matchDate.getTime() - b.matchDate.getTime();
    return finishedOnly ? -d : d;
  });
  return { games: out.slice(0, opts.limit ?? 50), intent };
}
