import { UserUpdated } from '@bet/proto-events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/domain/clock';
import { type Harness, registerPlayer, startIdentity, waitFor } from './helpers';

const HOUR = 3_600_000;
const clock = new ManualClock(new Date('2026-11-21T12:00:00Z'));
let h: Harness;

beforeAll(async () => {
  h = await startIdentity({ clock });
});
afterAll(async () => {
  await h?.stop();
});

const post = (token: string, path: string, payload: unknown) =>
  h.call({ method: 'POST', url: `/api/v1/users/protection/${path}`, token, payload: payload as object });
const lastUpdate = (userId: string) =>
  h.events.filter((e) => e.subject === UserUpdated.subject && e.data.userId === userId).at(-1);

describe('player protection', () => {
  it('takes a time-out that cannot be shortened, announces it, and still lets the player sign in', async () => {
    const p = await registerPlayer(h);
    const res = await post(p.accessToken, 'break', { kind: 'time_out', period: '7d' });
    expect(res.statusCode).toBe(200);
    const until = new Date(clock.now().getTime() + 168 * HOUR).toISOString();
    expect(res.json()).toMatchObject({
      msg: `Time-out in place until ${until.slice(0, 16).replace('T', ' ')} UTC.`,
      protection: { exclusion: { kind: 'time_out', until } },
      user: { protection: { exclusion: { kind: 'time_out', until } } },
    });
    // asking for less changes nothing
    const shorter = await post(p.accessToken, 'break', { kind: 'time_out', period: '24h' });
    expect(shorter.json().protection.exclusion.until).toBe(until);
    // betting and the wallet hear of it with the whole picture
    const evt = await waitFor(() =>
      lastUpdate(p.id)?.data.protection?.exclusion ? lastUpdate(p.id) : undefined,
    );
    expect(evt!.data.protection).toMatchObject({ exclusion: { kind: 'time_out', until } });
    // sign-in still works (to withdraw); the profile carries the break
    const login = await h.call({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: p.email, password: p.password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.protection.exclusion).toMatchObject({ kind: 'time_out', until });
    // and it runs out by itself
    clock.advance(169 * HOUR);
    expect(
      (await h.call({ method: 'GET', url: '/api/v1/users/protection', token: p.accessToken })).json()
        .exclusion,
    ).toBeNull();
  });

  it('takes the reality-check minutes as a number input sends them ("15"); not "0x10", "1e3", " 5" or ""', async () => {
    const p = await registerPlayer(h);
    const set = await post(p.accessToken, 'reality-check', { minutes: '15' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().protection.realityCheckMinutes).toBe(15);
    for (const minutes of ['0x10', '1e3', ' 5', '']) {
      const bad = await post(p.accessToken, 'reality-check', { minutes });
      expect(bad.statusCode, minutes).toBe(400);
      expect(bad.json().errors[0]).toMatchObject({ path: 'minutes', location: 'body' });
    }
  });

  it('refuses unknown kinds and periods with a message, changing nothing', async () => {
    const p = await registerPlayer(h);
    const badPeriod = await post(p.accessToken, 'break', { kind: 'self_exclusion', period: '24h' });
    expect(badPeriod.statusCode).toBe(400);
    expect(badPeriod.json()).toMatchObject({
      msg: 'period must be one of 6m, 1y, 5y',
      errors: [{ path: 'period' }],
    });
    expect((await post(p.accessToken, 'break', { kind: 'forever', period: '1y' })).statusCode).toBe(400);
    // keys every object inherits are not periods (an `in` check let them through: a 500)
    for (const period of ['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf']) {
      const inherited = await post(p.accessToken, 'break', { kind: 'time_out', period });
      expect(inherited.statusCode, period).toBe(400);
      expect(inherited.json().msg).toMatch(/^period must be/);
    }
    expect((await post(p.accessToken, 'reality-check', { minutes: 7 })).statusCode).toBe(400);
    expect(
      (await post(p.accessToken, 'deposit-limits', { daily: '0x10', weekly: 0, monthly: 0 })).statusCode,
    ).toBe(400);
    expect(
      (await post(p.accessToken, 'deposit-limits', { daily: -1, weekly: 0, monthly: 0 })).statusCode,
    ).toBe(400);
    const view = (
      await h.call({ method: 'GET', url: '/api/v1/users/protection', token: p.accessToken })
    ).json();
    expect(view).toEqual({
      exclusion: null,
      depositLimits: { daily: { limit: 0 }, weekly: { limit: 0 }, monthly: { limit: 0 } },
      realityCheckMinutes: 0,
    });
    expect((await h.call({ method: 'GET', url: '/api/v1/users/protection' })).statusCode).toBe(401);
  });

  it('sets deposit limits with the cooling-off rule, and the reality check', async () => {
    const p = await registerPlayer(h);
    const set = await post(p.accessToken, 'deposit-limits', { daily: 50, weekly: 0, monthly: 500.25 });
    expect(set.json()).toMatchObject({
      msg: 'Deposit limits updated successfully!',
      protection: {
        depositLimits: { daily: { limit: 50 }, weekly: { limit: 0 }, monthly: { limit: 500.25 } },
      },
    });
    const looser = await post(p.accessToken, 'deposit-limits', { daily: 100, weekly: 0, monthly: 500.25 });
    expect(looser.json().msg).toMatch(/cooling-off/);
    expect(looser.json().protection.depositLimits.daily).toMatchObject({
      limit: 50,
      pending: { value: 100 },
    });
    const rc = await post(p.accessToken, 'reality-check', { minutes: 30 });
    expect(rc.json()).toMatchObject({
      msg: 'Reality check every 30 minutes.',
      protection: { realityCheckMinutes: 30 },
    });
  });
});
