import { LEAGUES, NAME_POOLS, type SimLeague } from './leagues';
import { deriveSeed, hash32, rngFrom, shuffled } from './rng';

/**
 * The simulator's rolling calendar. Simulated time is cut into kick-off slots; slot k
 * belongs to league k mod L and kicks off a few matches of that league's current round.
 * Seasons are double round-robins whose team order is shuffled per season from the seed,
 * so the whole calendar is a pure function of (seed, slot) and never needs storing.
 */
export interface CalendarParams {
  seed: number;
  /** simulated minutes between two kick-off slots */
  slotMinutes: number;
  matchesPerSlot: number;
}

export interface Fixture {
  /** stable id of the fixture: the provider id of the simulator */
  key: string;
  slot: number;
  league: string;
  homeTeam: string;
  awayTeam: string;
}

/** Slot 0 kicks off at this instant; simulated time runs `speed` times faster from here. */
export const CALENDAR_EPOCH = Date.UTC(2024, 0, 1);

export function slotAt(time: number, speed: number, slotMinutes: number): number {
  return Math.floor(((time - CALENDAR_EPOCH) * speed) / (slotMinutes * 60_000));
}

export function slotKickoff(slot: number, speed: number, slotMinutes: number): number {
  return CALENDAR_EPOCH + Math.round((slot * slotMinutes * 60_000) / speed);
}

/** Pairs (home, away) of team indexes for round r of a single round-robin of n teams (n even). */
export function roundPairs(n: number, r: number): Array<[number, number]> {
  const m = n - 1;
  const pairs: Array<[number, number]> = [r % 2 === 0 ? [m, r % m] : [r % m, m]];
  for (let i = 1; i < n / 2; i++) {
    const a = (r + i) % m;
    const b = (r - i + m) % m;
    pairs.push(i % 2 === 0 ? [a, b] : [b, a]);
  }
  return pairs;
}

function seasonOrder(seed: number, league: SimLeague, season: number): string[] {
  return shuffled(
    rngFrom(deriveSeed(seed, 'season', league.name, season)),
    league.teams.map((t) => t.name),
  );
}

export function fixturesForSlot(p: CalendarParams, slot: number, speed: number): Fixture[] {
  const league = LEAGUES[((slot % LEAGUES.length) + LEAGUES.length) % LEAGUES.length];
  const j = Math.floor(slot / LEAGUES.length);
  const n = league.teams.length;
  const perRound = n / 2;
  const slotsPerRound = Math.ceil(perRound / p.matchesPerSlot);
  const roundsPerSeason = 2 * (n - 1);
  const round = Math.floor(j / slotsPerRound);
  const season = Math.floor(round / roundsPerSeason);
  const inSeason = round - season * roundsPerSeason;
  const order = seasonOrder(p.seed, league, season);
  const second = inSeason >= n - 1;
  const pairs = roundPairs(n, second ? inSeason - (n - 1) : inSeason);
  const first = (j % slotsPerRound) * p.matchesPerSlot;
  const out: Fixture[] = [];
  for (let i = first; i < Math.min(perRound, first + p.matchesPerSlot); i++) {
    const [a, b] = pairs[i];
    const [h, w] = second ? [b, a] : [a, b];
    out.push({
      key: `${p.seed}:${speed}:${slot}:${i}`,
      slot,
      league: league.name,
      homeTeam: order[h],
      awayTeam: order[w],
    });
  }
  return out;
}

const DAY_MS = 86_400_000;
const at = (h: number, m = 0) => h * 60 + m;

/**
 * The week as a bettor knows it, in real (UTC) time: minutes after midnight at which a
 * showcase round kicks off, by weekday (0 = Sunday). Weekend afternoons carry several rounds,
 * Tuesday and Wednesday two evening ones, the other days one, so every day has matches.
 */
export const WEEKLY_KICKOFFS: readonly (readonly number[])[] = [
  [at(13), at(15, 30), at(18)],
  [at(19)],
  [at(18, 45), at(20)],
  [at(18, 45), at(20)],
  [at(19)],
  [at(19, 30)],
  [at(12, 30), at(15), at(17, 30), at(20)],
];

/**
 * The slots of the showcase rounds whose kick-off time falls in [from, to) (real ms): at each
 * weekly kick-off time, the first slot at or after it and the next ones, one per league. They
 * are ordinary slots of the rolling calendar (same fixtures, same keys), only created days
 * ahead, so the day chips of the web have matches to show for the whole week.
 */
export function showcaseSlots(from: number, to: number, speed: number, slotMinutes: number): number[] {
  const out: number[] = [];
  for (let day = Math.floor(from / DAY_MS) * DAY_MS; day < to; day += DAY_MS) {
    for (const minute of WEEKLY_KICKOFFS[new Date(day).getUTCDay()]) {
      const t = day + minute * 60_000;
      if (t < from || t >= to) continue;
      let first = slotAt(t, speed, slotMinutes);
      if (slotKickoff(first, speed, slotMinutes) < t) first += 1;
      for (let i = 0; i < LEAGUES.length; i++) out.push(first + i);
    }
  }
  return out;
}

/** The squad a club fields: 18 distinct names, a pure function of the club's name. */
const squads = new Map<string, string[]>();
export function squadOf(team: string, pool: keyof typeof NAME_POOLS = 'en'): string[] {
  const cached = squads.get(team);
  if (cached) return cached;
  const names = NAME_POOLS[pool];
  const rng = rngFrom(hash32(`squad|${team}`));
  const out = new Set<string>();
  while (out.size < 18) {
    const f = names.first[Math.floor(rng.next() * names.first.length)];
    const l = names.last[Math.floor(rng.next() * names.last.length)];
    out.add(`${f[0]}. ${l}`);
  }
  const squad = [...out];
  squads.set(team, squad);
  return squad;
}
