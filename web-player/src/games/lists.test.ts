import type { Game } from '@bet/web-shell/core';
import { aGame } from '@bet/web-shell/testing';
import { describe, expect, it } from 'vitest';
import { applyGameUpdate, groupByLeague, leaguePreference, OTHER_LEAGUE, validGames } from './lists';

const id = (n: number) => n.toString(16).padStart(24, '0');
const game = (n: number, league: string | null, status: Game['status'] = 'upcoming'): Game =>
  aGame({
    _id: id(n),
    homeTeam: `H${n}`,
    awayTeam: `A${n}`,
    league,
    matchDate: new Date(2030, 0, n).toISOString(),
    status,
    odds: { home: 2, draw: 3, away: 4 },
  });

describe('groupByLeague', () => {
  it('groups by league with Other (no league) last', () => {
    const groups = groupByLeague([game(1, null), game(2, 'Serie A'), game(3, 'La Liga'), game(4, 'Serie A')]);
    expect(groups.map((g) => g.league)).toEqual(['Serie A', 'La Liga', OTHER_LEAGUE]);
    expect(groups[0].games.map((g) => g._id)).toEqual([id(2), id(4)]);
  });
  it('puts preferred leagues first in preference order, unknown leagues after, Other last', () => {
    const groups = groupByLeague(
      [game(1, null), game(2, 'Serie A'), game(3, 'La Liga'), game(5, 'Ligue 1')],
      ['La Liga', 'Bundesliga'],
    );
    expect(groups.map((g) => g.league)).toEqual(['La Liga', 'Serie A', 'Ligue 1', OTHER_LEAGUE]);
  });
});

describe('leaguePreference', () => {
  it('counts selections per league, most first', () => {
    const bets = [
      { selections: [{ game: { league: 'Serie A' } }, { game: { league: 'La Liga' } }] },
      { selections: [{ game: { league: 'La Liga' } }, { game: null }] },
      { selections: [{ game: { league: 'La Liga' } }] },
    ];
    expect(leaguePreference(bets)).toEqual(['La Liga', 'Serie A']);
  });
});

describe('validGames and live updates', () => {
  it('drops games whose id is not 24 hex characters', () => {
    expect(validGames([game(1, 'X'), { ...game(2, 'X'), _id: 'bad' }]).map((g) => g._id)).toEqual([id(1)]);
    expect(validGames(undefined)).toEqual([]);
  });
  it('moves an updated game to the live list (replacing it) or to the top of the finished list', () => {
    let lists = {
      upcoming: [game(1, 'X'), game(2, 'X')],
      live: [game(3, 'X', 'live')],
      finished: [game(4, 'X', 'finished')],
    };
    lists = applyGameUpdate(lists, { ...game(1, 'X'), status: 'live' });
    expect(lists.upcoming.map((g) => g._id)).toEqual([id(2)]);
    expect(lists.live.map((g) => g._id)).toEqual([id(3), id(1)]);
    lists = applyGameUpdate(lists, { ...game(3, 'X'), status: 'live', scores: { home: 1, away: 0 } });
    expect(lists.live[0].scores).toEqual({ home: 1, away: 0 });
    lists = applyGameUpdate(lists, { ...game(1, 'X'), status: 'finished' });
    expect(lists.live.map((g) => g._id)).toEqual([id(3)]);
    expect(lists.finished.map((g) => g._id)).toEqual([id(1), id(4)]);
  });
});
