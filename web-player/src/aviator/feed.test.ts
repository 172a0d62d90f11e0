import { describe, expect, it } from 'vitest';
import { type AviatorView, type BetUpdate, withBet } from './feed';

const view = (bets: AviatorView['bets']): AviatorView =>
  ({ state: 'running', roundId: 'r1', multiplier: 1.2, bets }) as AviatorView;
const entry = (betId: string, over: Partial<BetUpdate> = {}): BetUpdate => ({
  roundId: 'r1',
  betId,
  username: 'ann',
  panel: 1,
  stake: 10,
  status: 'active',
  cashedOutAt: null,
  payout: null,
  ...over,
});

describe('the All bets list from aviator:bet', () => {
  it('adds a new bet of the round at the top and updates a known one in place', () => {
    const v = withBet(view([{ ...strip(entry('a')) }]), entry('b', { username: 'bo', stake: 5 }));
    expect(v.bets.map((b) => b.betId)).toEqual(['b', 'a']);
    const out = withBet(v, entry('a', { status: 'cashed_out', cashedOutAt: 1.5, payout: 15 }));
    expect(out.bets.map((b) => [b.betId, b.status, b.payout])).toEqual([
      ['b', 'active', null],
      ['a', 'cashed_out', 15],
    ]);
    expect(out.bets[1]).not.toHaveProperty('roundId');
  });

  it('drops a cancelled bet and ignores bets of another round (held for the next one)', () => {
    const v = view([strip(entry('a'))]);
    expect(withBet(v, entry('a', { status: 'cancelled' })).bets).toEqual([]);
    expect(withBet(v, entry('n', { roundId: 'r2' }))).toBe(v);
  });
});

function strip({ roundId: _r, ...b }: BetUpdate) {
  return b as AviatorView['bets'][number];
}
