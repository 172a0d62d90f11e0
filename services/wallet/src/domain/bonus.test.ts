import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type ActiveGrant,
  applyWagering,
  conversionAmount,
  type DepositMatchRule,
  depositMatchAmount,
  freeBetRefusal,
  grantExpiry,
  validateDepositMatch,
  wageringRequired,
} from './bonus';
import { freeBetReturnPostings, freeBetStakePostings } from './postings';

const rule: DepositMatchRule = {
  percent: 100,
  capCents: 10_000n,
  wageringMultiplier: 5,
  minOddsMilli: 1500,
  expiresInDays: 30,
  firstDepositOnly: true,
};
const T0 = new Date('2026-11-01T00:00:00Z');
const grant = (id: string, required: bigint, wagered = 0n, minOddsMilli = 1500): ActiveGrant => ({
  id,
  requiredCents: required,
  wageredCents: wagered,
  minOddsMilli,
  expiresAt: new Date('2026-12-01T00:00:00Z'),
});

describe('deposit match', () => {
  it.each([
    [100, 5_000n, 5_000n],
    [100, 25_000n, 10_000n], // capped
    [50, 333n, 166n], // rounded down to the cent
    [200, 1n, 2n],
    [100, 0n, 0n],
  ])('%i%% of %s cents grants %s', (percent, deposit, grantCents) => {
    expect(depositMatchAmount({ ...rule, percent }, deposit)).toBe(grantCents);
  });

  it('never grants more than the cap or the percentage, for any deposit', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.integer({ min: 1, max: 1000 }),
        (d, percent) => {
          const g = depositMatchAmount({ ...rule, percent }, d);
          expect(g >= 0n && g <= rule.capCents && g * 100n <= d * BigInt(percent)).toBe(true);
        },
      ),
    );
  });

  it('requires grant × multiplier and expires after its days', () => {
    expect(wageringRequired(rule, 5_000n)).toBe(25_000n);
    expect(grantExpiry(rule, T0).toISOString()).toBe('2026-12-01T00:00:00.000Z');
  });

  it.each([
    [{ percent: 0 }, 'percent'],
    [{ percent: 1.5 }, 'percent'],
    [{ capCents: 0n }, 'cap'],
    [{ wageringMultiplier: -1 }, 'wagering'],
    [{ minOddsMilli: 999 }, 'odds'],
    [{ expiresInDays: 0 }, 'expiry'],
  ])('refuses %o', (patch, word) => {
    expect(() => validateDepositMatch({ ...rule, ...patch })).toThrow(word);
  });
});

describe('wagering', () => {
  it('fills the oldest grant first and passes the rest on', () => {
    const moved = applyWagering([grant('a', 1_000n, 900n), grant('b', 5_000n)], 300n, 2000, T0);
    expect(moved).toEqual([
      { id: 'a', add: 100n, wageredCents: 1_000n, met: true },
      { id: 'b', add: 200n, wageredCents: 200n, met: false },
    ]);
  });

  it('does not count a stake below the minimum odds or after expiry', () => {
    expect(applyWagering([grant('a', 1_000n)], 500n, 1499, T0)).toEqual([]);
    expect(applyWagering([grant('a', 1_000n)], 500n, 1500, T0)).toHaveLength(1);
    expect(applyWagering([grant('a', 1_000n)], 500n, 3000, new Date('2026-12-01T00:00:00Z'))).toEqual([]);
  });

  it('never counts more than the stake, nor past a requirement', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.bigInt({ min: 0n, max: 10_000n }), fc.bigInt({ min: 0n, max: 10_000n })), {
          maxLength: 5,
        }),
        fc.bigInt({ min: 1n, max: 50_000n }),
        (pairs, stake) => {
          // biome-ignore lint/complexity/useMathMinMax: bigints (Math.min takes numbers)
          const gs = pairs.map(([req, w], i) => grant(String(i), req, w < req ? w : req));
          const moved = applyWagering(gs, stake, 2000, T0);
          expect(moved.reduce((s, m) => s + m.add, 0n) <= stake).toBe(true);
          for (const m of moved) {
            const g = gs.find((x) => x.id === m.id)!;
            expect(m.wageredCents <= g.requiredCents && m.add > 0n).toBe(true);
          }
        },
      ),
    );
  });

  it('converts the remainder, at most what the bonus account holds', () => {
    expect(conversionAmount(5_000n, 7_000n)).toBe(5_000n);
    expect(conversionAmount(5_000n, 3_000n)).toBe(3_000n);
    expect(conversionAmount(0n, 3_000n)).toBe(0n);
  });
});

describe('free bets (decision wallet-008)', () => {
  const token = {
    userId: 'u1',
    amountCents: 1_000n,
    minOddsMilli: 1_800,
    expiresAt: new Date('2026-12-01T00:00:00Z'),
    status: 'active' as const,
  };
  const use = {
    userId: 'u1',
    amountCents: 1_000n,
    oddsMilli: 2_000,
    bets: 1,
    at: new Date('2026-11-30T00:00:00Z'),
  };
  it('a token pays one bet of exactly its amount, at its minimum odds or more, before its expiry', () => {
    expect(freeBetRefusal(token, use)).toBeNull();
    expect(freeBetRefusal(token, { ...use, oddsMilli: 1_800 })).toBeNull();
    expect(freeBetRefusal(undefined, use)).toMatch(/not found/);
    expect(freeBetRefusal(token, { ...use, userId: 'u2' })).toMatch(/not found/);
    expect(freeBetRefusal({ ...token, status: 'used' }, use)).toMatch(/already used/);
    expect(freeBetRefusal(token, { ...use, at: token.expiresAt })).toMatch(/expired/);
    expect(freeBetRefusal(token, { ...use, amountCents: 999n })).toMatch(/stake must be 10\.00/);
    expect(freeBetRefusal(token, { ...use, oddsMilli: 1_790 })).toMatch(/odds of 1\.80 or more/);
    expect(freeBetRefusal(token, { ...use, bets: 2 })).toMatch(/one bet/);
  });

  it('a free bet stake comes from the promotions account; a void gives it back there', () => {
    expect(freeBetStakePostings(1_000n)).toEqual([
      { account: { kind: 'system', name: 'promotions' }, amount: -1_000n },
      { account: { kind: 'system', name: 'bets_in_play' }, amount: 1_000n },
    ]);
    expect(freeBetReturnPostings(1_000n)).toEqual([
      { account: { kind: 'system', name: 'bets_in_play' }, amount: -1_000n },
      { account: { kind: 'system', name: 'promotions' }, amount: 1_000n },
    ]);
  });
});
