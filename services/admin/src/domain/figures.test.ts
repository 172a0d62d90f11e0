import { describe, expect, it } from 'vitest';
import { cashFigures, dailyFigures, daysBetween, moneyFigures } from './figures';

describe('money figures', () => {
  it('counts stakes net of refunds, payouts of wins, cash-outs and Aviator, and nothing else', () => {
    const f = moneyFigures(
      new Map([
        ['bet', -10_000n],
        ['aviator_bet', -2_000n],
        ['refund', 1_000n],
        ['win', 4_000n],
        ['cashout', 500n],
        ['aviator_win', 1_500n],
        ['topup', 99_999n],
        ['withdrawal', -5_000n],
        ['adjustment', 777n],
      ]),
    );
    expect(f).toEqual({ stakesCents: 11_000n, payoutsCents: 6_000n, revenueCents: 5_000n });
  });

  it('counts deposits, withdrawals net of reversals, and what Aviator kept', () => {
    const f = cashFigures(
      new Map([
        ['topup', 50_000n],
        ['withdrawal', -8_000n],
        ['withdrawal_reversal', 3_000n],
        ['aviator_bet', -2_000n],
        ['aviator_win', 1_500n],
        ['bet', -10_000n],
        ['adjustment', 777n],
      ]),
    );
    expect(f).toEqual({ depositsCents: 50_000n, withdrawalsCents: 5_000n, aviatorRevenueCents: 500n });
  });

  it('a correction that takes back a win lowers payouts', () => {
    expect(
      moneyFigures(
        new Map([
          ['bet', -1000n],
          ['win', 2100n - 2100n],
        ]),
      ).revenueCents,
    ).toBe(1000n);
  });
});

describe('daily figures', () => {
  it('fills every day of the range, zeros where nothing happened', () => {
    const days = daysBetween('2026-02-27', '2026-03-02');
    expect(days).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    const rows = dailyFigures(
      days,
      [
        { day: '2026-02-28', type: 'bet', amountCents: -500n },
        { day: '2026-02-28', type: 'win', amountCents: 200n },
      ],
      new Map([['2026-02-28', 3]]),
    );
    expect(rows[0]).toEqual({
      day: '2026-02-27',
      stakesCents: 0n,
      payoutsCents: 0n,
      revenueCents: 0n,
      activeUsers: 0,
    });
    expect(rows[1]).toEqual({
      day: '2026-02-28',
      stakesCents: 500n,
      payoutsCents: 200n,
      revenueCents: 300n,
      activeUsers: 3,
    });
  });
});
