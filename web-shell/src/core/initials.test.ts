import { describe, expect, it } from 'vitest';
import { initials } from './initials';

describe('avatar initials (one rule for the shell, the player and the admin)', () => {
  it('takes the first letters of the first and last names', () => {
    expect(initials({ firstName: 'Demo', lastName: 'Player', username: 'demo' })).toBe('DP');
    expect(initials({ firstName: ' ada ', lastName: ' lovelace', username: 'x' })).toBe('AL');
  });

  it('falls back to the username: its parts, else its first two letters', () => {
    expect(initials({ firstName: '', lastName: '', username: 'john.doe' })).toBe('JD');
    expect(initials({ firstName: null, lastName: undefined, username: 'mary_ann-smith' })).toBe('MA');
    expect(initials({ username: 'alice' })).toBe('AL');
    expect(initials({ firstName: '  ', username: 'bo' })).toBe('BO');
  });

  it('uses the first name alone, whole letters (not half an emoji or a bare accent) and never more than two', () => {
    expect(initials({ firstName: 'Chidi', lastName: '', username: 'c99' })).toBe('C');
    expect(initials({ firstName: '😀Joy', lastName: 'Eze', username: 'joy' })).toBe('JE');
    expect(initials({ firstName: 'O\u0323la', lastName: 'Ade', username: 'ola' })).toBe('ỌA');
    expect(initials({ firstName: 'ßtraße', lastName: 'x', username: 's' })).toBe('SX');
    expect(initials({ username: '' })).toBe('?');
    expect(initials({ username: '42' })).toBe('42');
  });
});
