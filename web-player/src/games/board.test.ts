import type { Game } from '@bet/web-shell/core';
import { aGame } from '@bet/web-shell/testing';
import { describe, expect, it } from 'vitest';
import { appendPage, dayWindow, leaguesOf, matchesFilters, PAGE_SIZE, upcomingQuery } from './board';

const g = (n: number, extra: Partial<Game> = {}): Game =>
  aGame({
    _id: n.toString(16).padStart(24, '0'),
    homeTeam: `Home ${n}`,
    awayTeam: `Away ${n}`,
    league: 'L1',
    matchDate: new Date(2026, 10, 22, 18, n).toISOString(),
    status: 'upcoming',
    ...extra,
  });
const now = new Date(2026, 10, 22, 12, 0);

describe('odds board', () => {
  it('asks the server for one day, a league and a team, in kick-off order', () => {
    const q = upcomingQuery({ day: 'tomorrow', league: 'Serie A', team: ' inter ' }, undefined, now);
    expect(q).toMatchObject({
      status: 'upcoming',
      limit: PAGE_SIZE,
      order: 'asc',
      league: 'Serie A',
      team: 'inter',
    });
    expect(new Date(String(q.from)).getDate()).toBe(23);
    expect(new Date(String(q.to)).getDate()).toBe(23);
    expect(dayWindow('all', now)).toEqual({});
  });

  it('pages on from the last kick-off seen, dropping the games it already has', () => {
    const first = [g(1), g(2), g(3)];
    const q = upcomingQuery({ day: 'all', league: '', team: '' }, first[2].matchDate, now);
    expect(q.from).toBe(first[2].matchDate);
    const { games, added } = appendPage(first, [g(3), g(4)]);
    expect(added).toBe(1);
    expect(games.map((x) => x.homeTeam)).toEqual(['Home 1', 'Home 2', 'Home 3', 'Home 4']);
    expect(appendPage(first, [g(2), g(3)]).added).toBe(0);
  });

  it('filters live games by league and team, and lists leagues by size', () => {
    const live = g(5, { status: 'live', league: 'Serie A', homeTeam: 'Inter' });
    expect(matchesFilters(live, { day: 'all', league: 'serie a', team: 'int' }, now)).toBe(true);
    expect(matchesFilters(live, { day: 'all', league: 'Ligue 1', team: '' }, now)).toBe(false);
    expect(leaguesOf([g(1), g(2, { league: 'B' }), g(3, { league: 'B' })])).toEqual(['B', 'L1']);
  });
});
