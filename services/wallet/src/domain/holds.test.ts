import { describe, expect, it } from 'vitest';
import { splitHolds } from './holds';

describe('stake holds', () => {
  it('holds the whole stake under the reference by default', () => {
    expect(splitHolds(1000n, 'b1')).toEqual({ ok: true, holds: [{ reference: 'b1', amount: 1000n }] });
  });

  it('splits a set of singles per bet when the amounts add up', () => {
    const split = splitHolds(1500n, 'set', [
      { reference: 'b1', amountCents: 500 },
      { reference: 'b2', amountCents: 1000 },
    ]);
    expect(split).toEqual({
      ok: true,
      holds: [
        { reference: 'b1', amount: 500n },
        { reference: 'b2', amount: 1000n },
      ],
    });
  });

  it('refuses holds that do not add up or repeat a bet', () => {
    expect(splitHolds(1500n, 'set', [{ reference: 'b1', amountCents: 500 }])).toMatchObject({ ok: false });
    expect(
      splitHolds(1000n, 'set', [
        { reference: 'b1', amountCents: 500 },
        { reference: 'b1', amountCents: 500 },
      ]),
    ).toMatchObject({ ok: false, msg: 'holds name b1 twice' });
  });
});
