import { describe, expect, it } from 'vitest';
import {
  decideSettlement,
  type Evaluation,
  evaluateBet,
  type LegResult,
  legResult,
  type SettlementState,
  settledOddsHundredths,
} from './settlement';

const legs = (...spec: Array<[number, LegResult]>) => spec.map(([odds, result]) => ({ odds, result }));

describe('leg results', () => {
  it.each<
    [string, { settledResult: 'A' | 'Draw' | 'B' | null; cancelled: boolean }, 'A' | 'Draw' | 'B', LegResult]
  >([
    ['undecided', { settledResult: null, cancelled: false }, 'A', null],
    ['home win, picked home', { settledResult: 'A', cancelled: false }, 'A', 'won'],
    ['home win, picked draw', { settledResult: 'A', cancelled: false }, 'Draw', 'lost'],
    ['draw, picked draw', { settledResult: 'Draw', cancelled: false }, 'Draw', 'won'],
    ['away win, picked home', { settledResult: 'B', cancelled: false }, 'A', 'lost'],
    ['cancelled', { settledResult: null, cancelled: true }, 'B', 'void'],
  ])('%s → %s', (_, game, outcome, expected) => expect(legResult(outcome, game)).toBe(expected));
});

describe('evaluating a bet: the settlement matrix', () => {
  // stake $10.00 everywhere
  it.each<[string, ReturnType<typeof legs>, Evaluation]>([
    // singles
    ['single undecided', legs([210, null]), { state: 'open' }],
    ['single won', legs([210, 'won']), { state: 'won', payoutCents: 2100n }],
    ['single lost', legs([210, 'lost']), { state: 'lost' }],
    ['single void', legs([210, 'void']), { state: 'void', refundCents: 1000n }],
    // multis, every mix of won, lost, void and undecided
    ['multi all won', legs([210, 'won'], [150, 'won'], [333, 'won']), { state: 'won', payoutCents: 10489n }],
    ['multi won + lost', legs([210, 'won'], [150, 'lost']), { state: 'lost' }],
    [
      'multi lost + undecided: lost at once',
      legs([210, 'lost'], [150, null], [180, null]),
      { state: 'lost' },
    ],
    ['multi won + undecided: still open', legs([210, 'won'], [150, null]), { state: 'open' }],
    ['multi void + undecided: still open', legs([210, 'void'], [150, null]), { state: 'open' }],
    [
      'multi won + void: void leg counts 1.00',
      legs([210, 'won'], [150, 'void']),
      { state: 'won', payoutCents: 2100n },
    ],
    [
      'multi won + void + won',
      legs([210, 'won'], [999, 'void'], [150, 'won']),
      { state: 'won', payoutCents: 3150n },
    ],
    ['multi void + lost', legs([210, 'void'], [150, 'lost']), { state: 'lost' }],
    ['multi void + won + lost', legs([210, 'void'], [150, 'won'], [300, 'lost']), { state: 'lost' }],
    ['multi all void: refunded', legs([210, 'void'], [150, 'void']), { state: 'void', refundCents: 1000n }],
    ['multi all lost', legs([210, 'lost'], [150, 'lost']), { state: 'lost' }],
  ])('%s', (_, l, expected) => expect(evaluateBet(1000n, l)).toEqual(expected));

  it.each<[string, ReturnType<typeof legs>, Evaluation]>([
    // stake not returned: 10.00 × 2.10 − 10.00
    ['free bet single won: winnings only', legs([210, 'won']), { state: 'won', payoutCents: 1100n }],
    [
      'free bet multi, a leg pushed: 10.00 × 1.50 − 10.00',
      legs([150, 'won'], [210, 'push']),
      {
        state: 'won',
        payoutCents: 500n,
      },
    ],
    ['free bet lost', legs([210, 'lost']), { state: 'lost' }],
    // nothing won back: the token is given back (decision wallet-008)
    ['free bet pushed entirely: void', legs([210, 'push']), { state: 'void', refundCents: 1000n }],
    [
      'free bet pushed and void: void',
      legs([210, 'push'], [150, 'void']),
      { state: 'void', refundCents: 1000n },
    ],
  ])('%s', (_, l, expected) => expect(evaluateBet(1000n, l, 1000n)).toEqual(expected));

  it('rounds the payout down to the cent, exactly', () => {
    // $0.07 × 1.55 × 1.55 = $0.168175 → $0.16
    expect(evaluateBet(7n, legs([155, 'won'], [155, 'won']))).toEqual({ state: 'won', payoutCents: 16n });
    // ten legs at 1.01 on $9 999.99: 1 104 621.0149… cents
    expect(
      evaluateBet(999_999n, legs(...Array.from({ length: 10 }, (): [number, LegResult] => [101, 'won']))),
    ).toEqual({
      state: 'won',
      payoutCents: 1_104_621n,
    });
  });
});

const pending: SettlementState = {
  status: 'pending',
  stakeCents: 1000n,
  payoutCents: 0n,
  paidCents: 0n,
  settlements: 0,
};

describe('deciding what an evaluation does to a bet', () => {
  it.each<[string, SettlementState, Evaluation, ReturnType<typeof decideSettlement>]>([
    ['pending stays open', pending, { state: 'open' }, null],
    [
      'pending → won: first settlement, no correction',
      pending,
      { state: 'won', payoutCents: 2100n },
      {
        status: 'won',
        payoutCents: 2100n,
        paidCents: 2100n,
        settlements: 1,
        event: { kind: 'settled', status: 'won', payoutCents: 2100n },
      },
    ],
    [
      'pending → lost',
      pending,
      { state: 'lost' },
      {
        status: 'lost',
        payoutCents: 0n,
        paidCents: 0n,
        settlements: 1,
        event: { kind: 'settled', status: 'lost', payoutCents: 0n },
      },
    ],
    [
      'pending → void: cancelled and refunded',
      pending,
      { state: 'void', refundCents: 1000n },
      {
        status: 'cancelled',
        payoutCents: 1000n,
        paidCents: 0n,
        settlements: 0,
        event: { kind: 'voided', refundCents: 1000n },
      },
    ],
    [
      'correction won → lost takes the winnings back',
      { ...pending, status: 'won', payoutCents: 2100n, paidCents: 2100n, settlements: 1 },
      { state: 'lost' },
      {
        status: 'lost',
        payoutCents: 0n,
        paidCents: 0n,
        settlements: 2,
        event: { kind: 'settled', status: 'lost', payoutCents: 0n, correction: 1, adjustmentCents: -2100n },
      },
    ],
    [
      'correction lost → won pays the winnings',
      { ...pending, status: 'lost', settlements: 1 },
      { state: 'won', payoutCents: 3200n },
      {
        status: 'won',
        payoutCents: 3200n,
        paidCents: 3200n,
        settlements: 2,
        event: { kind: 'settled', status: 'won', payoutCents: 3200n, correction: 1, adjustmentCents: 3200n },
      },
    ],
    [
      'a second correction numbers itself 2 and moves the difference from the last payment',
      { ...pending, status: 'lost', paidCents: 0n, settlements: 2 },
      { state: 'won', payoutCents: 2100n },
      {
        status: 'won',
        payoutCents: 2100n,
        paidCents: 2100n,
        settlements: 3,
        event: { kind: 'settled', status: 'won', payoutCents: 2100n, correction: 2, adjustmentCents: 2100n },
      },
    ],
    [
      'a correction that changes nothing for this bet',
      { ...pending, status: 'lost', settlements: 1 },
      { state: 'lost' },
      null,
    ],
    [
      'a correction re-opens a lost multi whose other legs are undecided (no money moves yet)',
      { ...pending, status: 'lost', settlements: 1 },
      { state: 'open' },
      { status: 'pending', payoutCents: 0n, paidCents: 0n, settlements: 1, event: null },
    ],
    [
      'the re-opened bet settling later is a correction of the first settlement',
      { ...pending, status: 'pending', settlements: 1 },
      { state: 'won', payoutCents: 5000n },
      {
        status: 'won',
        payoutCents: 5000n,
        paidCents: 5000n,
        settlements: 2,
        event: { kind: 'settled', status: 'won', payoutCents: 5000n, correction: 1, adjustmentCents: 5000n },
      },
    ],
    [
      'cashed out never changes',
      { ...pending, status: 'cashed_out', payoutCents: 1500n },
      { state: 'lost' },
      null,
    ],
    [
      'cancelled never changes',
      { ...pending, status: 'cancelled', payoutCents: 1000n },
      { state: 'won', payoutCents: 9n },
      null,
    ],
    [
      'an unpaid bet is not settled',
      { ...pending, status: 'pending_payment' },
      { state: 'won', payoutCents: 2100n },
      null,
    ],
    ['a rejected bet is not settled', { ...pending, status: 'rejected' }, { state: 'lost' }, null],
  ])('%s', (_, bet, evaluation, expected) => expect(decideSettlement(bet, evaluation)).toEqual(expected));

  it('the wallet ends up paying exactly the final payout, whatever the corrections', () => {
    let bet: SettlementState = pending;
    let wallet = 0n;
    const sequence: Evaluation[] = [
      { state: 'won', payoutCents: 2100n },
      { state: 'lost' },
      { state: 'won', payoutCents: 3200n },
      { state: 'won', payoutCents: 3200n },
      { state: 'won', payoutCents: 2100n },
    ];
    for (const e of sequence) {
      const t = decideSettlement(bet, e);
      if (!t) continue;
      if (t.event?.kind === 'settled') wallet += t.event.adjustmentCents ?? t.event.payoutCents;
      bet = {
        ...bet,
        status: t.status,
        payoutCents: t.payoutCents,
        paidCents: t.paidCents,
        settlements: t.settlements,
      };
    }
    expect(wallet).toBe(2100n);
    expect(bet).toMatchObject({ status: 'won', payoutCents: 2100n, settlements: 4 });
  });
});

describe('legs of other markets', () => {
  const finished = {
    settledResult: 'A' as const,
    cancelled: false,
    scores: { home: 2, away: 1 },
    htScores: { home: 0, away: 1 },
  };

  it('settle on the scores by the catalogue rule; cancellation voids every market', () => {
    expect(legResult('over', finished, 'ou_2.5')).toBe('won');
    expect(legResult('yes', finished, 'btts')).toBe('won');
    expect(legResult('B/A', finished, 'htft')).toBe('won');
    expect(legResult('A', { ...finished, settledResult: 'Draw', scores: { home: 1, away: 1 } }, 'dnb')).toBe(
      'push',
    );
    expect(legResult('A', { ...finished, htScores: null }, 'ht')).toBe('push');
    expect(legResult('over', { ...finished, cancelled: true }, 'ou_2.5')).toBe('void');
    expect(legResult('over', { ...finished, settledResult: null }, 'ou_2.5')).toBeNull();
    // 1X2 keeps the result's word
    expect(legResult('A', finished)).toBe('won');
  });

  it('a pushed leg counts as 1.00: alone it pays the stake back as a win, in a multi it drops out', () => {
    expect(evaluateBet(1000n, [{ odds: 190, result: 'push' }])).toEqual({ state: 'won', payoutCents: 1000n });
    expect(
      evaluateBet(1000n, [
        { odds: 190, result: 'push' },
        { odds: 250, result: 'won' },
      ]),
    ).toEqual({ state: 'won', payoutCents: 2500n });
    expect(
      evaluateBet(1000n, [
        { odds: 190, result: 'push' },
        { odds: 250, result: 'lost' },
      ]),
    ).toEqual({ state: 'lost' });
    expect(
      evaluateBet(1000n, [
        { odds: 190, result: 'push' },
        { odds: 250, result: 'void' },
      ]),
    ).toEqual({ state: 'won', payoutCents: 1000n });
  });
});

describe('the odds a settled bet counts at for bonus wagering', () => {
  it('multiplies the legs that decided it, void and pushed legs at 1.00, rounded down', () => {
    expect(settledOddsHundredths([{ odds: 210, result: 'won' }])).toBe(210);
    expect(
      settledOddsHundredths([
        { odds: 150, result: 'won' },
        { odds: 333, result: 'void' },
        { odds: 175, result: 'won' },
      ]),
    ).toBe(262); // 1.50 × 1.75 = 2.625
    // a lost multi: every leg as placed but the void ones
    expect(
      settledOddsHundredths([
        { odds: 150, result: 'lost' },
        { odds: 200, result: 'push' },
        { odds: 120, result: null },
      ]),
    ).toBe(180);
    expect(settledOddsHundredths([{ odds: 190, result: 'void' }])).toBe(100);
  });
});
