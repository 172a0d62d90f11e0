import { UserUpdated } from '@bet/proto-events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/domain/clock';
import { type Harness, registerPlayer, startIdentity, waitFor } from './helpers';

const HOUR = 3_600_000;
const clock = new ManualClock(new Date('2026-11-21T12:00:00Z'));
let h: Harness;

beforeAll(async () => {
  // a fast sweep, so the test can see it apply a due change on its own
  h = await startIdentity({ clock, env: { LIMIT_SWEEP_INTERVAL_MS: '50' } });
});
afterAll(async () => {
  await h?.stop();
});

const setLimits = (token: string, weeklyBetCountLimit: unknown, weeklyStakeAmountLimit: unknown) =>
  h.call({
    method: 'POST',
    url: '/api/v1/users/limits',
    token,
    payload: { weeklyBetCountLimit, weeklyStakeAmountLimit },
  });
const getLimits = async (token: string) =>
  (await h.call({ method: 'GET', url: '/api/v1/users/limits', token })).json();
const updatesFor = (userId: string) =>
  h.events.filter((e) => e.subject === UserUpdated.subject && e.data.userId === userId);

describe('responsible-gambling limits', () => {
  it('applies a first limit and a decrease at once', async () => {
    const p = await registerPlayer(h);
    const first = await setLimits(p.accessToken, 10, 250.5);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      msg: 'Betting limits updated successfully!',
      limits: { weeklyBetCount: { limit: 10 }, weeklyStakeAmount: { limit: 250.5 } },
    });
    const lower = await setLimits(p.accessToken, 5, 100);
    expect(lower.json().limits).toEqual({ weeklyBetCount: { limit: 5 }, weeklyStakeAmount: { limit: 100 } });
    expect(await getLimits(p.accessToken)).toEqual({
      weeklyBetCount: { limit: 5 },
      weeklyStakeAmount: { limit: 100 },
    });
    // the profile shows the same, and betting hears about each change
    expect(
      (await h.call({ method: 'GET', url: '/api/v1/users/profile', token: p.accessToken })).json().limits,
    ).toEqual(lower.json().limits);
    await waitFor(() => updatesFor(p.id).length === 2);
    expect(updatesFor(p.id)[1].data.limits).toEqual({
      weeklyBetCount: { limit: 5 },
      weeklyStakeAmount: { limit: 100 },
    });
  });

  it('holds an increase or a removal for the cooling-off, shown as pending, then applies it', async () => {
    const p = await registerPlayer(h);
    await setLimits(p.accessToken, 5, 100);
    const asked = clock.now();
    const res = await setLimits(p.accessToken, 8, 0);
    expect(res.json().msg).toMatch(/24-hour cooling-off/);
    const effectiveAt = new Date(asked.getTime() + 24 * HOUR).toISOString();
    const pending = {
      weeklyBetCount: { limit: 5, pending: { value: 8, effectiveAt } },
      weeklyStakeAmount: { limit: 100, pending: { value: 0, effectiveAt } },
    };
    expect(res.json().limits).toEqual(pending);
    await waitFor(() => updatesFor(p.id).some((e) => e.data.limits.weeklyBetCount.pending?.value === 8));

    clock.advance(24 * HOUR - 1);
    expect(await getLimits(p.accessToken)).toEqual(pending);
    clock.advance(1);
    // due now: applied on read as well as by the sweep, and announced
    expect(await getLimits(p.accessToken)).toEqual({
      weeklyBetCount: { limit: 8 },
      weeklyStakeAmount: { limit: 0 },
    });
    await waitFor(() =>
      updatesFor(p.id).some(
        (e) => e.data.limits.weeklyBetCount.limit === 8 && !e.data.limits.weeklyBetCount.pending,
      ),
    );
  });

  it('lets the periodic sweep apply a due change for a user who never comes back', async () => {
    const p = await registerPlayer(h);
    await setLimits(p.accessToken, 3, 20);
    await setLimits(p.accessToken, 30, 20);
    clock.advance(25 * HOUR);
    const applied = await waitFor(() =>
      updatesFor(p.id).find(
        (e) => e.data.limits.weeklyBetCount.limit === 30 && !e.data.limits.weeklyBetCount.pending,
      ),
    );
    expect(applied.data.limits.weeklyStakeAmount).toEqual({ limit: 20 });
    // exactly once, although the sweep keeps running: a sentinel change made due afterwards
    // is applied by a later pass, so at least one more pass has looked at this user
    const sentinel = await registerPlayer(h);
    await setLimits(sentinel.accessToken, 1, 1);
    await setLimits(sentinel.accessToken, 2, 1);
    clock.advance(25 * HOUR);
    await waitFor(() =>
      updatesFor(sentinel.id).find(
        (e) => e.data.limits.weeklyBetCount.limit === 2 && !e.data.limits.weeklyBetCount.pending,
      ),
    );
    expect(
      updatesFor(p.id).filter(
        (e) => e.data.limits.weeklyBetCount.limit === 30 && !e.data.limits.weeklyBetCount.pending,
      ),
    ).toHaveLength(1);
  });

  it('cancels a pending increase when the current value is asked for again', async () => {
    const p = await registerPlayer(h);
    await setLimits(p.accessToken, 5, 50);
    await setLimits(p.accessToken, 9, 50);
    const back = await setLimits(p.accessToken, 5, 50);
    expect(back.json().limits).toEqual({ weeklyBetCount: { limit: 5 }, weeklyStakeAmount: { limit: 50 } });
  });

  it('refuses bad values and writes nothing', async () => {
    const p = await registerPlayer(h);
    await setLimits(p.accessToken, 5, 50);
    const cases: Array<[unknown, unknown, string]> = [
      [-1, 10, 'weeklyBetCountLimit'],
      [1.5, 10, 'weeklyBetCountLimit'],
      [5, -0.01, 'weeklyStakeAmountLimit'],
      [5, 10.005, 'weeklyStakeAmountLimit'],
      ['5', 'ten', 'weeklyStakeAmountLimit'],
    ];
    for (const [count, stake, path] of cases) {
      const res = await setLimits(p.accessToken, count, stake);
      expect(res.statusCode, JSON.stringify([count, stake])).toBe(400);
      expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(path);
    }
    const missing = await h.call({
      method: 'POST',
      url: '/api/v1/users/limits',
      token: p.accessToken,
      payload: { weeklyBetCountLimit: 3 },
    });
    expect(missing.statusCode).toBe(400);
    expect(await getLimits(p.accessToken)).toEqual({
      weeklyBetCount: { limit: 5 },
      weeklyStakeAmount: { limit: 50 },
    });
  });

  it('keeps cents exact', async () => {
    const p = await registerPlayer(h);
    const res = await setLimits(p.accessToken, 0, 19.99);
    expect(res.json().limits.weeklyStakeAmount).toEqual({ limit: 19.99 });
    const row = await h.svc.ctx.db
      .selectFrom('users')
      .select('stake_limit_cents')
      .where('id', '=', p.id)
      .executeTakeFirstOrThrow();
    expect(row.stake_limit_cents).toBe('1999');
  });

  it('published only events that match the catalogue', () => {
    expect(h.invalidEvents).toEqual([]);
  });
});
