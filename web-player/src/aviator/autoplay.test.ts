import { describe, expect, it } from 'vitest';
import { afterRefusal, afterRound, mayBet, parseLimits, startAutoPlay } from './autoplay';

const limits = { rounds: 3, stopIfDownBy: null, stopIfUpBy: null, stopOnWinAbove: null };

describe('auto-play stop conditions', () => {
  it('stops after the number of rounds', () => {
    let a = startAutoPlay(limits, 100);
    a = afterRound(a, { payout: 0, balance: 99 });
    a = afterRound(a, { payout: 2, balance: 100 });
    expect(a.stopped).toBeNull();
    a = afterRound(a, { payout: 0, balance: 99 });
    expect(a).toMatchObject({ roundsPlayed: 3, stopped: 'Stopped: 3 rounds played.' });
    expect(mayBet(a, 1, 99)).toBe(false);
  });

  it('stops when the balance has fallen by X', () => {
    let a = startAutoPlay({ ...limits, rounds: 100, stopIfDownBy: 5 }, 100);
    a = afterRound(a, { payout: 0, balance: 96 });
    expect(a.stopped).toBeNull();
    a = afterRound(a, { payout: 0, balance: 95 });
    expect(a.stopped).toBe('Stopped: your balance fell by $5.00.');
  });

  it('does not place a bet whose loss would cross X', () => {
    const a = startAutoPlay({ ...limits, rounds: 100, stopIfDownBy: 5 }, 100);
    expect(mayBet(a, 4, 100)).toBe(true);
    expect(mayBet(a, 4, 98)).toBe(false);
  });

  it('stops when the balance has risen by Y', () => {
    let a = startAutoPlay({ ...limits, rounds: 100, stopIfUpBy: 10 }, 100);
    a = afterRound(a, { payout: 9, balance: 108 });
    expect(a.stopped).toBeNull();
    a = afterRound(a, { payout: 3, balance: 110 });
    expect(a.stopped).toBe('Stopped: your balance rose by $10.00.');
  });

  it('stops on a single win above Z (not at Z)', () => {
    let a = startAutoPlay({ ...limits, rounds: 100, stopOnWinAbove: 20 }, 100);
    a = afterRound(a, { payout: 20, balance: 110 });
    expect(a.stopped).toBeNull();
    a = afterRound(a, { payout: 20.01, balance: 120 });
    expect(a.stopped).toBe('Stopped: a win of $20.01 is above $20.00.');
  });

  it('stops at once on a refused bet: a limit, a time-out, a self-exclusion', () => {
    for (const msg of [
      'Weekly stake limit reached.',
      'You are taking a break until tomorrow.',
      'Your account is self-excluded.',
    ]) {
      const a = afterRefusal(startAutoPlay({ ...limits, rounds: 100 }, 100), msg);
      expect(a.stopped).toBe(`Stopped: ${msg}`);
      expect(mayBet(a, 1, 100)).toBe(false);
      // nothing restarts it
      expect(afterRound(a, { payout: 0, balance: 100 })).toBe(a);
    }
  });

  it('reads the form', () => {
    expect(parseLimits({ rounds: '10', down: '', up: '5', win: '' })).toEqual({
      rounds: 10,
      stopIfDownBy: null,
      stopIfUpBy: 5,
      stopOnWinAbove: null,
    });
    expect(parseLimits({ rounds: '0', down: '', up: '', win: '' })).toMatch(/Rounds/);
    expect(parseLimits({ rounds: '2', down: '-1', up: '', win: '' })).toMatch(/falls by/);
  });
});
