// The odds board's filters and paging, as plain functions (tested alone).
import type { Game } from '@bet/web-shell/core';

/** 'all', 'live', 'today', 'tomorrow', or a day as YYYY-MM-DD (local time). */
export type DayChip = string;

export interface BoardFilters {
  day: DayChip;
  league: string;
  team: string;
}

export const PAGE_SIZE = 100;

const pad = (n: number) => String(n).padStart(2, '0');
export const localDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

function dayOf(chip: DayChip, now: Date): Date | null {
  if (chip === 'today') return now;
  if (chip === 'tomorrow') return new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(chip);
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : null;
}

/** The [from, to] window of a day chip, as ISO instants (undefined = open). */
export function dayWindow(chip: DayChip, now = new Date()): { from?: string; to?: string } {
  const d = dayOf(chip, now);
  if (!d) return {};
  const start = new Date(d.getFullYear(), d.getMonth(), d.getDate());
  const end = new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1, 0, 0, 0, -1);
  return { from: start.toISOString(), to: end.toISOString() };
}

/** Chips for the coming days: Today, Tomorrow and the five after, each with its label. */
export function dayChips(now = new Date()): Array<{ value: DayChip; label: string }> {
  const out: Array<{ value: DayChip; label: string }> = [
    { value: 'all', label: 'All' },
    { value: 'live', label: 'Live' },
    { value: 'today', label: 'Today' },
    { value: 'tomorrow', label: 'Tomorrow' },
  ];
  for (let i = 2; i < 7; i++) {
    const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() + i);
    out.push({
      value: localDay(d),
      label: d.toLocaleDateString(undefined, { weekday: 'short', day: 'numeric', month: 'short' }),
    });
  }
  return out;
}

/** The GET /games query of one page of upcoming games. */
export function upcomingQuery(
  f: BoardFilters,
  after: string | undefined,
  now = new Date(),
): Record<string, string | number> {
  const q: Record<string, string | number> = { status: 'upcoming', limit: PAGE_SIZE, order: 'asc' };
  const w = dayWindow(f.day, now);
  if (w.to) q.to = w.to;
  if (after) q.from = after;
  else if (w.from) q.from = w.from;
  if (f.league) q.league = f.league;
  if (f.team.trim()) q.team = f.team.trim();
  return q;
}

/**
 * Appends the next page to the list. Pages follow kick-off order from the last kick-off seen
 * (inclusive), so games sharing that kick-off come again and are dropped here.
 */
export function appendPage(list: Game[], page: Game[]): { games: Game[]; added: number } {
  const seen = new Set(list.map((g) => g._id));
  const fresh = page.filter((g) => !seen.has(g._id));
  return { games: fresh.length ? [...list, ...fresh] : list, added: fresh.length };
}

/** Whether a live game passes the board's filters (live games are filtered here, not by the server). */
export function matchesFilters(g: Game, f: BoardFilters, now = new Date()): boolean {
  if (f.league && (g.league ?? '').toLowerCase() !== f.league.toLowerCase()) return false;
  const t = f.team.trim().toLowerCase();
  if (t && !g.homeTeam.toLowerCase().includes(t) && !g.awayTeam.toLowerCase().includes(t)) return false;
  if (f.day === 'all' || f.day === 'live' || f.day === 'today') return true;
  const w = dayWindow(f.day, now);
  const at = new Date(g.matchDate).getTime();
  return !w.from || (at >= Date.parse(w.from) && at <= Date.parse(w.to!));
}

/** League names of the games, by how many games each has, most first. */
export function leaguesOf(games: Game[]): string[] {
  const counts = new Map<string, number>();
  for (const g of games) {
    const l = g.league?.trim();
    if (l) counts.set(l, (counts.get(l) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([l]) => l);
}
