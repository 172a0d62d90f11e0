import { describe, expect, it } from 'vitest';
import { mapFixture as mapAllSports } from './allsportsapi';
import { mapFixture as mapApiFootball } from './apifootball';
import { minuteFrom, priceFrom } from './types';

describe('provider field mapping', () => {
  it('reads minutes and prices the way providers write them', () => {
    expect(minuteFrom('45+2')).toEqual({ elapsed: 45, extra: 2 });
    expect(minuteFrom("67'")).toEqual({ elapsed: 67, extra: null });
    expect(minuteFrom('Half Time')).toBeNull();
    expect(priceFrom('1.85')).toBe(185);
    expect(priceFrom(2.1)).toBe(210);
    expect(priceFrom('1.00')).toBeNull();
    expect(priceFrom('')).toBeNull();
  });

  it('maps API-Football statuses, and ignores fixtures it cannot read', () => {
    const item = (short: string) => ({
      fixture: { id: 1, date: '2026-05-01T15:00:00+00:00', status: { short, elapsed: 10 } },
      league: { id: 39, name: 'Premier League' },
      teams: { home: { id: 1, name: 'A' }, away: { id: 2, name: 'B' } },
      goals: { home: 0, away: 0 },
      score: { fulltime: { home: null, away: null } },
    });
    const status = (s: string) => mapApiFootball(item(s))?.status;
    expect(['NS', 'TBD', 'PST'].map(status)).toEqual(['upcoming', 'upcoming', 'upcoming']);
    expect(['1H', 'HT', '2H', 'ET', 'P', 'SUSP'].map(status)).toEqual(Array(6).fill('live'));
    expect(['FT', 'AET', 'PEN', 'AWD'].map(status)).toEqual(Array(4).fill('finished'));
    expect(['CANC', 'ABD'].map(status)).toEqual(['cancelled', 'cancelled']);
    expect(mapApiFootball({ fixture: { id: 1 } })).toBeNull();
  });

  it('maps AllSportsAPI free-text statuses', () => {
    const item = (event_status: string, event_live = '0') => ({
      event_key: 9,
      event_date: '2026-05-01',
      event_time: '15:00',
      event_home_team: 'A',
      event_away_team: 'B',
      event_status,
      event_live,
      event_final_result: '1 - 0',
      event_ft_result: '',
    });
    expect(mapAllSports(item(''))).toMatchObject({
      status: 'upcoming',
      score: null,
      matchDate: new Date('2026-05-01T15:00:00Z'),
    });
    expect(mapAllSports(item('34', '1'))).toMatchObject({
      status: 'live',
      phase: '1H',
      elapsed: 34,
      score: { home: 1, away: 0 },
    });
    expect(mapAllSports(item('Half Time', '1'))).toMatchObject({ status: 'live', phase: 'HT' });
    expect(mapAllSports(item('Finished'))).toMatchObject({ status: 'finished', score: { home: 1, away: 0 } });
    expect(mapAllSports(item('Cancelled'))).toMatchObject({ status: 'cancelled' });
    expect(mapAllSports(item('Postponed'))).toMatchObject({ status: 'upcoming' });
  });
});
