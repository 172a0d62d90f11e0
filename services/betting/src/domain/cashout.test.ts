import { describe, expect, it } from 'vitest';
import { type CashOutBet, cashOutOffer, cashOutValue, marginToBasisPoints } from './cashout';
import type { GameState } from './placement';

const G = 'a'.repeat(24);
const bet = (over: Partial<CashOutBet> = {}): CashOutBet => ({
  userId: 'u',
  status: 'pending',
  stakeCents: 1000n,
  potentialPayoutCents: 3000n,
  legs: [{ gameId: G, outcome: 'A', odds: 300 }],
  ...over,
});
const live = (over: Partial<GameState> = {}): GameState => ({
  id: G,
  homeTeam: 'H',
  awayTeam: 'A',
  status: 'live',
  odds: { A: 150, Draw: 400, B: 800 },
  oddsLive: true,
  settledResult: null,
  cancelled: false,
  ...over,
});

describe('cash-out value', () => {
  it('is stake × placed odds ÷ current odds, less the margin, rounded down', () => {
    // $10 at 3.00, now 1.50: fair $20.00, 5 % margin → $19.00
    expect(cashOutValue(1000n, 300, 150, 500, 3000n)).toBe(1900n);
    // $10 at 2.00, now 3.00: fair $6.666…, less 5 % = $6.3333 → $6.33
    expect(cashOutValue(1000n, 200, 300, 500, 2000n)).toBe(633n);
  });

  it('never exceeds the potential payout', () => {
    // $10 at 3.00, now 1.01 (nearly won): fair $29.70 → capped at $30.00 only if above; 0 margin here
    expect(cashOutValue(1000n, 300, 101, 0, 3000n)).toBe(2970n);
    expect(cashOutValue(1000n, 300, 101, 0, 2000n)).toBe(2000n);
  });

  it('reads the margin as basis points', () => {
    expect(marginToBasisPoints(0.05)).toBe(500);
    expect(marginToBasisPoints(0.125)).toBe(1250);
  });
});

describe('cash-out eligibility', () => {
  it("a free bet is never cashed out (its stake was never the player's money)", () => {
    expect(cashOutOffer(bet({ freeBet: true }), live(), 500)).toEqual({
      available: false,
      code: 'free_bet',
      reason: 'A free bet cannot be cashed out.',
    });
  });

  it('offers a pending single on a live game with in-play odds', () => {
    expect(cashOutOffer(bet(), live(), 500)).toEqual({ available: true, amountCents: 1900n });
  });

  it.each<[string, CashOutBet, GameState | undefined, string]>([
    ['already cashed out', bet({ status: 'cashed_out' }), live(), 'not_pending'],
    ['settled', bet({ status: 'won' }), live(), 'not_pending'],
    [
      'a multi',
      bet({
        legs: [
          { gameId: G, outcome: 'A', odds: 300 },
          { gameId: 'b'.repeat(24), outcome: 'A', odds: 200 },
        ],
      }),
      live(),
      'not_single',
    ],
    ['an upcoming game', bet(), live({ status: 'upcoming' }), 'not_live'],
    ['a finished game', bet(), live({ status: 'finished' }), 'not_live'],
    ['a game with a result not yet marked finished', bet(), live({ settledResult: 'B' }), 'not_live'],
    ['an unknown game', bet(), undefined, 'not_live'],
    ['a live game without in-play odds', bet(), live({ oddsLive: false }), 'no_live_odds'],
    ['a worthless bet', bet({ stakeCents: 1n }), live({ odds: { A: 1000, Draw: 200, B: 200 } }), 'zero'],
  ])('refuses %s', (_, b, g, code) => {
    const offer = cashOutOffer(b, g, 500);
    expect(offer.available).toBe(false);
    expect(offer.available === false && offer.code).toBe(code);
  });
});
