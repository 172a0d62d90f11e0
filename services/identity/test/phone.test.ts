import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_SENT, SIGNUP_DETAILS, sendBuckets } from '../src/app/phone';
import { ManualClock } from '../src/domain/clock';
import { type Harness, startIdentity } from './helpers';

let n = 0;
/** a fresh Nigerian mobile number in local form, and its E.164 */
function newNumber() {
  n++;
  const national = `80${String(Date.now() % 1e6).padStart(6, '0')}${String(n % 100).padStart(2, '0')}`;
  return { local: `0${national}`, e164: `+234${national}` };
}
const newIp = () => `203.0.113.${(n++ % 250) + 1}`;

describe('sign-in with a phone number and a texted code', () => {
  let h: Harness;
  const clock = new ManualClock();
  beforeAll(async () => {
    h = await startIdentity({ clock, env: { MAIL_OUTBOX_PAGE: 'true' } });
  });
  afterAll(async () => {
    await h?.stop();
  });

  const start = (phone: string, ip: string) =>
    h.call({ method: 'POST', url: '/api/v1/auth/phone/start', payload: { phone }, ip });
  const verify = (payload: Record<string, unknown>, ip: string) =>
    h.call({ method: 'POST', url: '/api/v1/auth/phone/verify', payload, ip });
  /** the newest code texted to the number, read from the development outbox */
  async function codeFor(e164: string) {
    const res = await h.call({
      method: 'GET',
      url: `/api/v1/dev/sms?to=${encodeURIComponent(e164)}`,
      headers: { accept: 'application/json' },
      ip: '127.0.0.1',
    });
    expect(res.statusCode).toBe(200);
    const texts = res.json().texts as Array<{ to: string; text: string; code: string }>;
    expect(texts.length).toBeGreaterThan(0);
    expect(texts[0].to).toBe(e164);
    return texts[0].code;
  }
  /** a minute passes for the number's resend throttle (the cache keeps real time) */
  const minutePasses = (e164: string, ip: string) =>
    h.infra.cache.del(`${sendBuckets(e164, ip)[0].key}:wait`);

  it('texts a code, makes the account with a username, then signs it in with a new code', async () => {
    const { local, e164 } = newNumber();
    const ip = newIp();
    const sent = await start(local, ip);
    expect(sent.statusCode).toBe(202);
    expect(sent.json()).toEqual({ msg: CODE_SENT, phone: e164, resendInSeconds: 60 });
    const code = await codeFor(e164);
    expect(code).toMatch(/^\d{6}$/);

    // the right code for a new number without a username: asked for one, the code still works
    const noName = await verify({ phone: local, code }, ip);
    expect(noName.statusCode).toBe(400);
    expect(noName.json()).toMatchObject({ msg: SIGNUP_DETAILS, code: 'signup_details_required' });
    expect(noName.json().errors[0].path).toBe('username');

    const username = `ph_${Date.now().toString(36)}${n}`;
    const made = await verify({ phone: e164, code, username, termsAccepted: true }, ip);
    expect(made.statusCode).toBe(201);
    const body = made.json();
    expect(body.msg).toBe('Registration successful! Welcome.');
    expect(body.accessToken).toEqual(expect.any(String));
    expect(body.refreshToken).toEqual(expect.any(String));
    expect(body.user).toMatchObject({
      username,
      phone: e164,
      email: `${e164.slice(1)}@phone.invalid`,
      firstName: 'Player',
      lastName: 'User',
      hasPassword: false,
    });
    expect(body.user.termsAcceptedAt).not.toBeNull();
    // the token works
    const me = await h.call({ method: 'GET', url: '/api/v1/auth/me', token: body.accessToken });
    expect(me.statusCode).toBe(200);
    expect(me.json().phone).toBe(e164);

    // a code works once
    const again = await verify({ phone: e164, code }, ip);
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('invalid_code');

    await minutePasses(e164, ip);
    expect((await start(e164, ip)).statusCode).toBe(202);
    const code2 = await codeFor(e164);
    const login = await verify({ phone: `+234 ${local.slice(1)}`, code: code2 }, ip);
    expect(login.statusCode).toBe(200);
    expect(login.json().msg).toBe('Logged in successfully!');
    expect(login.json().user._id).toBe(body.user._id);
    // the same keys as POST /auth/login
    expect(Object.keys(login.json()).sort()).toEqual(['accessToken', 'msg', 'refreshToken', 'user']);
    expect(h.invalidEvents).toEqual([]);
    expect(h.events.some((e) => e.subject === 'user.registered' && e.data.userId === body.user._id)).toBe(
      true,
    );
  });

  it('answers the same for a number with an account and one without', async () => {
    const a = newNumber();
    const ip = newIp();
    await start(a.e164, ip);
    const made = await verify(
      { phone: a.e164, code: await codeFor(a.e164), username: `ph_k${n}${Date.now() % 1e6}` },
      ip,
    );
    expect(made.statusCode).toBe(201);
    await minutePasses(a.e164, ip);
    const b = newNumber();
    const known = await start(a.e164, ip);
    const unknown = await start(b.e164, ip);
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect({ ...known.json(), phone: 'x' }).toEqual({ ...unknown.json(), phone: 'x' });
  });

  it('locks the code after five wrong tries', async () => {
    const { e164 } = newNumber();
    const ip = newIp();
    await start(e164, ip);
    const code = await codeFor(e164);
    const wrong = code === '000000' ? '111111' : '000000';
    const msgs: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await verify({ phone: e164, code: wrong, username: 'someone_new' }, ip);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('invalid_code');
      msgs.push(res.json().msg);
    }
    expect(msgs).toEqual([
      'Wrong code. 4 attempts left.',
      'Wrong code. 3 attempts left.',
      'Wrong code. 2 attempts left.',
      'Wrong code. 1 attempt left.',
      'Too many wrong codes. Request a new code.',
    ]);
    const right = await verify({ phone: e164, code, username: 'someone_new' }, ip);
    expect(right.statusCode).toBe(400);
    expect(right.json().code).toBe('invalid_code');
  });

  it('refuses an expired code', async () => {
    const { e164 } = newNumber();
    const ip = newIp();
    await start(e164, ip);
    const code = await codeFor(e164);
    clock.advance(10 * 60_000);
    const res = await verify({ phone: e164, code, username: `ph_x${n}${Date.now() % 1e6}` }, ip);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('This code has expired. Request a new code.');
  });

  it('texts one code a minute and five an hour to a number', async () => {
    const { e164 } = newNumber();
    const ip = newIp();
    expect((await start(e164, ip)).statusCode).toBe(202);
    const soon = await start(e164, ip);
    expect(soon.statusCode).toBe(429);
    expect(soon.json().msg).toMatch(/^Please wait \d+ seconds before requesting another code\.$/);
    for (let i = 2; i <= 5; i++) {
      await minutePasses(e164, ip);
      expect((await start(e164, ip)).statusCode).toBe(202);
    }
    await minutePasses(e164, ip);
    const sixth = await start(e164, ip);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().msg).toBe('Please wait 60 minutes before requesting another code.');
    // from another address too: the limit is the number's
    expect((await start(e164, newIp())).statusCode).toBe(429);
  });

  it('texts at most twenty codes an hour from one address', async () => {
    const ip = newIp();
    for (let i = 0; i < 20; i++) expect((await start(newNumber().e164, ip)).statusCode).toBe(202);
    const res = await start(newNumber().e164, ip);
    expect(res.statusCode).toBe(429);
  });

  it('refuses what is not a mobile number, by field', async () => {
    for (const phone of ['12345', '06031234567', 'call me']) {
      const res = await start(phone, newIp());
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].path).toBe('phone');
      expect(res.json().msg).toMatch(/valid mobile number/);
    }
    expect((await verify({ phone: '0803', code: '123456' }, newIp())).statusCode).toBe(400);
  });

  it('shows the texts only to a client on this machine', async () => {
    const res = await h.call({ method: 'GET', url: '/api/v1/dev/sms', ip: '198.51.100.7' });
    expect(res.statusCode).toBe(404);
  });
});

describe('phone sign-in with a real SMS provider configured', () => {
  it('has no development outbox', async () => {
    const h = await startIdentity({
      kind: 'embedded',
      env: { SMS_PROVIDER: 'termii', TERMII_API_KEY: 'k', TERMII_BASE_URL: 'http://127.0.0.1:9' },
    });
    try {
      const res = await h.call({ method: 'GET', url: '/api/v1/dev/sms', ip: '127.0.0.1' });
      expect(res.statusCode).toBe(404);
      // nothing listens there: the send fails, and the player is told so
      const sent = await h.call({
        method: 'POST',
        url: '/api/v1/auth/phone/start',
        payload: { phone: '08031234567' },
      });
      expect(sent.statusCode).toBe(503);
      expect(sent.json().msg).toMatch(/could not send the code/);
    } finally {
      await h.stop();
    }
  });
});
