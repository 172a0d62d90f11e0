import { eventually } from '@bet/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, balance, game, kickOff, player, result, type Stack, startStack } from './stack';

/**
 * Singles placed together are one debit (all accepted or none), held per bet through
 * wallet.debit's `holds`, because each bet settles on its own. Its own stack: the check
 * below counts every open hold of the wallet.
 */
let s: Stack;
beforeAll(async () => {
  s = await startStack();
});
afterAll(async () => s?.close());

const inPlay = async () => {
  const report = (await api(s.wallet, 'GET', '/api/v1/admin/wallet/reconcile', s.admin)).body;
  return {
    ok: report.ok as boolean,
    check: report.checks.find((c: { name: string }) => c.name === 'bets-in-play'),
  };
};

/** The player's stakes the wallet still holds: one per open bet (neighbours' are not counted). */
const openHolds = async (userId: string) =>
  (
    await s.wallet.ctx.db
      .selectFrom('holds')
      .select('reference')
      .where('user_id', '=', userId)
      .where('amount', '>', 0)
      .execute()
  ).length;

/** Two singles placed together on two fresh games; returns them and the player. */
async function placeSet() {
  const [g1, g2] = await Promise.all([game(s), game(s)]);
  const p = await player(s, 100);
  const placed = await api(s.betting, 'POST', '/api/v1/bets/singles', p.auth, {
    stakePerBet: 10,
    selections: [
      { gameId: g1._id, outcome: 'A' },
      { gameId: g2._id, outcome: 'A' },
    ],
  });
  expect(placed.status).toBe(201);
  await Promise.all([kickOff(s, g1), kickOff(s, g2)]);
  return { g1, g2, p };
}

describe('a set of singles in the wallet', () => {
  it('pays the player correctly and keeps the ledger balanced', async () => {
    const { g1, g2, p } = await placeSet();
    expect((await result(s, g1._id, 'A')).status).toBe(200);
    expect((await result(s, g2._id, 'B')).status).toBe(200);
    await eventually(async () => (await balance(s, p.auth)) === 101, 10_000);
    expect((await inPlay()).ok).toBe(true);
  });

  it('releases every stake of the set from bets in play once its bets are settled', async () => {
    const { g1, g2, p } = await placeSet();
    // while the set is open its stakes are held, one hold per bet...
    await eventually(async () => (await openHolds(p.id)) === 2, 5_000);
    expect((await result(s, g1._id, 'B')).status).toBe(200);
    expect((await result(s, g2._id, 'Draw')).status).toBe(200);
    // ...and each bet settled its own hold (both lost: the balance stays at 80, the stakes
    // go to the house rather than back to the player)
    await eventually(async () => (await openHolds(p.id)) === 0, 10_000);
    expect(await balance(s, p.auth)).toBe(80);
    // nothing is left in play, and the books agree
    await eventually(async () => (await inPlay()).check.checked === 0, 5_000);
    expect((await inPlay()).check.ok).toBe(true);
  });
});
