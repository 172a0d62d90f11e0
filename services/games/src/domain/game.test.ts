import { DomainError } from '@bet/kit/core';
import { describe, expect, it } from 'vitest';
import {
  assertCancellable,
  assertStatusChange,
  decideResult,
  type GameRecord,
  type GameStatus,
  liveSuspended,
  resultMismatch,
  sourceOf,
} from './game';

function game(over: Partial<GameRecord> = {}): GameRecord {
  return {
    id: 'a'.repeat(24),
    provider: 'manual',
    providerId: null,
    homeTeam: 'Enyimba',
    awayTeam: 'Rivers United',
    homeTeamLogo: null,
    awayTeamLogo: null,
    league: 'Nigeria Premier Football League',
    matchDate: new Date('2026-05-01T10:00:00Z'),
    status: 'live',
    score: { home: 0, away: 0 },
    elapsed: 50,
    result: null,
    odds: { home: 200, draw: 320, away: 380 },
    base: { home: 200, draw: 320, away: 380 },
    adjusted: null,
    priceSource: 'manual',
    lambdas: null,
    sim: null,
    settledAt: null,
    cancelledAt: null,
    ...over,
  };
}

const code = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    if (err instanceof DomainError) return err.code; // its status is routes/errors.ts's (tested through the API)
    throw err;
  }
  return 'ok';
};

describe('game rules', () => {
  it('a result must agree with the score', () => {
    expect(resultMismatch('A', 2, 1)).toBeNull();
    expect(resultMismatch('Draw', 1, 1)).toBeNull();
    expect(resultMismatch('B', 0, 3)).toBeNull();
    expect(resultMismatch('A', 1, 1)).toMatch(/does not match the score 1-1/);
    expect(resultMismatch('Draw', 2, 0)).toMatch(/home win/);
    expect(code(() => decideResult(game(), { result: 'B', homeScore: 2, awayScore: 0 }))).toBe(
      'result_mismatch',
    );
  });

  it('settles once; a second result needs an explicit correction', () => {
    expect(decideResult(game(), { result: 'A', homeScore: 1, awayScore: 0 })).toEqual({
      kind: 'settle',
    });
    const settled = game({ status: 'finished', result: 'A', score: { home: 1, away: 0 } });
    expect(code(() => decideResult(settled, { result: 'Draw', homeScore: 1, awayScore: 1 }))).toBe(
      'already_settled',
    );
    expect(decideResult(settled, { result: 'Draw', homeScore: 1, awayScore: 1, correction: true })).toEqual({
      kind: 'correct',
      previous: 'A',
    });
    expect(decideResult(settled, { result: 'A', homeScore: 2, awayScore: 0, correction: true })).toEqual({
      kind: 'rescore',
    });
    expect(
      code(() => decideResult(settled, { result: 'A', homeScore: 1, awayScore: 0, correction: true })),
    ).toBe('same_result');
  });

  it('refuses a result on a cancelled game; an upcoming game, even one not kicked off, settles', () => {
    expect(
      code(() => decideResult(game({ status: 'cancelled' }), { result: 'A', homeScore: 1, awayScore: 0 })),
    ).toBe('game_cancelled');
    const future = game({ status: 'upcoming', matchDate: new Date('2026-05-02T10:00:00Z') });
    expect(decideResult(future, { result: 'A', homeScore: 1, awayScore: 0 }).kind).toBe('settle');
  });

  it('status only moves forward', () => {
    const all: GameStatus[] = ['upcoming', 'live', 'finished', 'cancelled'];
    const allowed = all.flatMap((from) =>
      all.filter((to) => code(() => assertStatusChange(from, to)) === 'ok').map((to) => `${from}>${to}`),
    );
    expect(allowed.sort()).toEqual(
      [
        'upcoming>upcoming',
        'upcoming>live',
        'upcoming>finished',
        'upcoming>cancelled',
        'live>live',
        'live>finished',
        'live>cancelled',
        'finished>finished',
        'cancelled>cancelled',
      ].sort(),
    );
    expect(code(() => assertStatusChange('finished', 'live'))).toBe('game_finished');
  });

  it('a finished game cannot be cancelled, nor a cancelled one twice', () => {
    expect(code(() => assertCancellable({ status: 'finished' }))).toBe('game_finished');
    expect(code(() => assertCancellable({ status: 'cancelled' }))).toBe('game_cancelled');
    expect(code(() => assertCancellable({ status: 'live' }))).toBe('ok');
  });
});

describe('live markets', () => {
  const now = Date.parse('2026-11-25T12:00:00Z');
  it('are open only while the in-play price was confirmed within the bound', () => {
    expect(liveSuspended({ status: 'live', pricesAt: new Date(now - 29_000) }, now, 30_000)).toBe(false);
    expect(liveSuspended({ status: 'live', pricesAt: new Date(now - 30_001) }, now, 30_000)).toBe(true);
    // a live game nobody has priced in play (manual, provider) is suspended
    expect(liveSuspended({ status: 'live', pricesAt: null }, now, 30_000)).toBe(true);
    expect(liveSuspended({ status: 'live' }, now, 30_000)).toBe(true);
  });
  it('only concern live games', () => {
    for (const status of ['upcoming', 'finished', 'cancelled'] as const)
      expect(liveSuspended({ status, pricesAt: null }, now, 30_000)).toBe(false);
  });
  it('say who plays the match out', () => {
    expect(sourceOf('simulator')).toBe('simulator');
    expect(sourceOf('manual')).toBe('manual');
    expect(sourceOf('apifootball')).toBe('provider');
    expect(sourceOf('allsportsapi')).toBe('provider');
  });
});
