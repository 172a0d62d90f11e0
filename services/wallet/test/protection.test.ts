import { newId } from '@bet/kit';
import { eventually } from '@bet/kit/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, type Harness, startWallet } from './helpers';

/** Player protection (issue 16 item 7) as the wallet enforces it: deposits, never withdrawals. */
let h: Harness;
beforeAll(async () => {
  h = await startWallet({ env: { PUBLIC_URL: 'http://bet.test', NGN_PER_USD: '1500' } });
});
afterAll(async () => h?.close());

type Protection = {
  exclusion: { kind: 'time_out' | 'self_exclusion'; startedAt: string; until: string } | null;
  depositLimits: Record<'daily' | 'weekly' | 'monthly', { limit: number }>;
  realityCheckMinutes: number;
};
const NO_LIMITS = { daily: { limit: 0 }, weekly: { limit: 0 }, monthly: { limit: 0 } };

async function player() {
  const u = newId();
  const profile = {
    userId: u,
    username: `p${u.slice(-6)}`,
    email: `${u}@example.com`,
    firstName: 'A',
    lastName: 'B',
  };
  await h.publish('user.registered', { ...profile, role: 'user', createdAt: new Date().toISOString() });
  await eventually(
    async () =>
      (await h.db.selectFrom('accounts').select('id').where('id', '=', u).executeTakeFirst()) !== undefined,
  );
  const protect = async (protection: Protection) => {
    await h.publish('user.updated', {
      ...profile,
      state: null,
      profilePicture: null,
      limits: { weeklyBetCount: { limit: 0 }, weeklyStakeAmount: { limit: 0 } },
      protection,
    });
    await eventually(async () => {
      const row = await h.db
        .selectFrom('users')
        .select('deposit_limits')
        .where('id', '=', u)
        .executeTakeFirst();
      return JSON.stringify(row?.deposit_limits) === JSON.stringify(protection.depositLimits);
    });
  };
  return { u, token: await h.userToken(u), protect };
}

const deposit = (token: string, ngn: number) =>
  h.http('POST', '/api/v1/wallet/deposit/initialize', { token, body: { amount: ngn } });

describe('deposits under player protection', () => {
  it('closes deposits during a time-out but leaves withdrawals open', async () => {
    const p = await player();
    await h.fund(p.u, 20);
    const until = new Date(Date.now() + 86_400_000).toISOString();
    await p.protect({
      exclusion: { kind: 'time_out', startedAt: new Date().toISOString(), until },
      depositLimits: NO_LIMITS,
      realityCheckMinutes: 0,
    });
    const refused = await deposit(p.token, 15_000);
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe(
      `Your account is on a break until ${until.slice(0, 16).replace('T', ' ')} UTC: deposits are closed until then. You can still withdraw your balance.`,
    );
    expect(await countRows(h.db, 'deposits', sql`user_id = ${p.u}`)).toBe(0);
    const withdraw = await h.http('POST', '/api/v1/wallet/request-withdrawal', {
      token: p.token,
      body: { amount: 20 },
    });
    expect(withdraw.status).toBe(201);
  });

  it('counts deposits (paid or awaiting payment) against the daily limit, to the cent', async () => {
    const p = await player();
    await p.protect({
      exclusion: null,
      depositLimits: { daily: { limit: 25 }, weekly: { limit: 0 }, monthly: { limit: 0 } },
      realityCheckMinutes: 0,
    });
    // ₦30,000 at 1,500 per dollar is $20
    expect((await deposit(p.token, 30_000)).status).toBe(200);
    const over = await deposit(p.token, 9_000); // $6: $26 in all
    expect(over.status).toBe(422);
    expect(over.body.msg).toBe(
      'This deposit would exceed your daily deposit limit of $25.00 ($20.00 deposited today, $5.00 left).',
    );
    expect((await deposit(p.token, 7_500)).status).toBe(200); // exactly $5
    expect(await countRows(h.db, 'deposits', sql`user_id = ${p.u}`)).toBe(2);
  });

  it('lets only one of two racing checkouts pass a limit', async () => {
    const p = await player();
    await p.protect({
      exclusion: null,
      depositLimits: { daily: { limit: 0 }, weekly: { limit: 30 }, monthly: { limit: 0 } },
      realityCheckMinutes: 0,
    });
    const both = await Promise.all([deposit(p.token, 30_000), deposit(p.token, 30_000)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 422]);
  });
});
