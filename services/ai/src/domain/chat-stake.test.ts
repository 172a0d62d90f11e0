import { describe, expect, it } from 'vitest';
import { namedStakeCents } from './chat';

describe('the stake a player names in the chat', () => {
  it('reads dollars and naira, with or without grouping, in minor units', () => {
    expect(namedStakeCents('Bet $10 on Arsenal')).toBe(1000);
    expect(namedStakeCents('put 2.50 dollars on it')).toBe(250);
    expect(namedStakeCents('Bet ₦1,000 on Enyimba')).toBe(100_000);
    expect(namedStakeCents('stake 500 naira on the draw')).toBe(50_000);
    expect(namedStakeCents('NGN 2500 on Rivers United')).toBe(250_000);
    expect(namedStakeCents('Bet $10.')).toBe(1000);
    expect(namedStakeCents('best bet today')).toBeNull();
  });
});
