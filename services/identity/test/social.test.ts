import { UserRegistered } from '@bet/proto-events';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, loginStatus, refreshStatus, registerPlayer, startIdentity, waitFor } from './helpers';

let provider: OAuth2Server;
let h: Harness;
let unconfigured: Harness;

beforeAll(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  const base = provider.issuer.url!;
  const endpoints = (p: string) => ({
    [`${p}_CLIENT_ID`]: `${p.toLowerCase()}-client`,
    [`${p}_CLIENT_SECRET`]: 'shh',
    [`${p}_AUTHORIZE_URL`]: `${base}/authorize`,
    [`${p}_TOKEN_URL`]: `${base}/token`,
    [`${p}_USERINFO_URL`]: `${base}/userinfo`,
  });
  h = await startIdentity({ env: { ...endpoints('GOOGLE'), ...endpoints('FACEBOOK') } });
  unconfigured = await startIdentity();
});

afterAll(async () => {
  await h?.stop();
  await unconfigured?.stop();
  await provider?.stop();
});

/** What a browser does: start, follow the provider's redirect, come back with the cookies. */
async function signIn(
  which: 'google' | 'facebook',
  userinfo: Record<string, unknown> | null,
  opts: { tamperState?: boolean; browserState?: string } = {},
) {
  if (userinfo) provider.service.once('beforeUserinfo', (res) => Object.assign(res, { body: userinfo }));
  const start = await h.call({
    method: 'GET',
    url: `/api/v1/auth/${which}?state=${opts.browserState ?? BROWSER_STATE}`,
  });
  expect(start.statusCode).toBe(302);
  const authorize = new URL(start.headers.location);
  expect(authorize.origin).toBe(new URL(provider.issuer.url!).origin);
  expect(authorize.searchParams.get('redirect_uri')).toBe(`http://bet.test/api/v1/auth/${which}/callback`);
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  const cookies = ([] as string[]).concat(start.headers['set-cookie']).map((c) => c.split(';')[0]);
  const atProvider = await fetch(authorize, { redirect: 'manual' });
  const back = new URL(atProvider.headers.get('location')!);
  if (opts.tamperState) back.searchParams.set('state', 'forged-state');
  const done = await h.call({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    headers: { cookie: cookies.join('; ') },
  });
  expect(done.statusCode).toBe(302);
  return new URL(done.headers.location);
}

/** the state the web page makes and keeps before it sends the browser to the start route */
const BROWSER_STATE = 'page-made-state-0123456789';

const exchange = (code: string | null, state: string) =>
  h.call({ method: 'POST', url: '/api/v1/auth/social/exchange', payload: { code, state } });

/** What the return page does: the URL holds a one-time code, traded with the page's state. */
async function tokensFrom(url: URL, state = BROWSER_STATE) {
  expect(`${url.origin}${url.pathname}`).toBe('http://bet.test/social-auth-success');
  expect([...url.searchParams.keys()]).toEqual(['code']);
  const res = await exchange(url.searchParams.get('code'), state);
  expect(res.statusCode, res.body).toBe(200);
  const pair = res.json();
  expect(Object.keys(pair).sort()).toEqual(['accessToken', 'refreshToken']);
  return pair as { accessToken: string; refreshToken: string };
}

const me = async (token: string) => (await h.call({ method: 'GET', url: '/api/v1/auth/me', token })).json();

describe('social sign-in', () => {
  it('answers a clear 503 when a provider is not configured', async () => {
    for (const [which, label, env] of [
      ['google', 'Google', 'GOOGLE'],
      ['facebook', 'Facebook', 'FACEBOOK'],
    ]) {
      const res = await unconfigured.call({ method: 'GET', url: `/api/v1/auth/${which}` });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        msg: `${label} sign-in is not configured (set ${env}_CLIENT_ID and ${env}_CLIENT_SECRET)`,
      });
      // a browser following the button gets a page in the product's style with a way back,
      // not the raw JSON
      const page = await unconfigured.call({
        method: 'GET',
        url: `/api/v1/auth/${which}`,
        headers: { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
      });
      expect(page.statusCode).toBe(503);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['content-security-policy']).toMatch(/default-src 'none'/);
      expect(page.body).toContain(`<h1>${label} sign-in is not available</h1>`);
      expect(page.body).toContain('BetArena');
      expect(page.body).toContain('<a class="btn" href="http://bet.test/login">Back to sign in</a>');
      expect(page.body).not.toContain('"msg"');
      // the callback keeps its documented answer: back to the sign-in page with an error
      const back = await unconfigured.call({
        method: 'GET',
        url: `/api/v1/auth/${which}/callback?code=x&state=y`,
      });
      expect(back.statusCode).toBe(302);
      expect(back.headers.location).toBe('http://bet.test/login?error=social');
    }
  });

  it('creates an account without a password on a first Google sign-in, then finds it again', async () => {
    const info = {
      sub: 'g-100',
      email: 'Chioma.Okafor@gmail.com',
      email_verified: true,
      given_name: 'Chioma',
      family_name: 'Okafor',
      picture: 'https://lh3.example/p.png',
    };
    const tokens = await tokensFrom(await signIn('google', info));
    const user = await me(tokens.accessToken);
    expect(user).toMatchObject({
      email: 'chioma.okafor@gmail.com',
      firstName: 'Chioma',
      lastName: 'Okafor',
      hasPassword: false,
      role: 'user',
      profilePicture: 'https://lh3.example/p.png',
    });
    expect(user.username).toMatch(/^chioma_okafor_\d{6}$/);
    await waitFor(() =>
      h.events.find((e) => e.subject === UserRegistered.subject && e.data.userId === user._id),
    );
    // the refresh token from the redirect works like any other
    expect(await refreshStatus(h, tokens.refreshToken)).toBe(200);

    const again = await tokensFrom(await signIn('google', info));
    expect((await me(again.accessToken))._id).toBe(user._id);

    // such an account may set a password once, and then sign in with it
    const mismatch = await h.call({
      method: 'POST',
      url: '/api/v1/users/set-password',
      token: again.accessToken,
      payload: { newPassword: 'lagos-sunrise-42', confirmPassword: 'x' },
    });
    expect(mismatch.json().msg).toBe('Passwords do not match.');
    const set = await h.call({
      method: 'POST',
      url: '/api/v1/users/set-password',
      token: again.accessToken,
      payload: { newPassword: 'lagos-sunrise-42', confirmPassword: 'lagos-sunrise-42' },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({
      msg: 'Password has been set successfully!',
      user: { hasPassword: true },
    });
    const twice = await h.call({
      method: 'POST',
      url: '/api/v1/users/set-password',
      token: again.accessToken,
      payload: { newPassword: 'other-sunrise-42', confirmPassword: 'other-sunrise-42' },
    });
    expect(twice.statusCode).toBe(409);
    expect(await loginStatus(h, 'chioma.okafor@gmail.com', 'lagos-sunrise-42')).toBe(200);
  });

  it('links a verified email to the existing account', async () => {
    const p = await registerPlayer(h);
    const tokens = await tokensFrom(
      await signIn('google', {
        sub: 'g-200',
        email: p.email,
        email_verified: true,
        given_name: 'X',
        family_name: 'Y',
      }),
    );
    const user = await me(tokens.accessToken);
    expect(user._id).toBe(p.id);
    expect(user).toMatchObject({ firstName: 'Ada', hasPassword: true });
  });

  it('never links or creates on an unverified email', async () => {
    const p = await registerPlayer(h);
    const failed = await signIn('google', {
      sub: 'g-300',
      email: p.email,
      email_verified: false,
      given_name: 'Mallory',
      family_name: 'X',
    });
    expect(failed.href).toBe('http://bet.test/login?error=social');
    const links = await h.svc.ctx.db
      .selectFrom('social_identities')
      .selectAll()
      .where('subject', '=', 'g-300')
      .execute();
    expect(links).toEqual([]);
  });

  it('signs in with Facebook', async () => {
    const tokens = await tokensFrom(
      await signIn('facebook', {
        id: '10001',
        email: 'wole@example.com',
        first_name: 'Wole',
        last_name: 'Soyinka',
        picture: { data: { url: 'https://fb.example/w.jpg' } },
      }),
    );
    expect(await me(tokens.accessToken)).toMatchObject({
      email: 'wole@example.com',
      firstName: 'Wole',
      hasPassword: false,
    });
  });

  it('puts no token in the return URL, and its code works once, only with the page that started it (issue 13, item 13)', async () => {
    const info = {
      sub: 'g-400',
      email: 'kemi@example.com',
      email_verified: true,
      given_name: 'Kemi',
      family_name: 'A',
    };
    // login CSRF: the attacker's own code, opened by a victim whose page made another state
    const attackers = await signIn('google', info, { browserState: 'attacker-state-0123456789' });
    expect(attackers.search).not.toMatch(/accessToken|refreshToken/);
    const victim = await exchange(attackers.searchParams.get('code'), BROWSER_STATE);
    expect(victim.statusCode).toBe(400);
    expect(victim.json().msg).toMatch(/invalid or has expired/);
    // that attempt used the code up: not even the right state gets it now
    expect((await exchange(attackers.searchParams.get('code'), 'attacker-state-0123456789')).statusCode).toBe(
      400,
    );
    // a fresh code works once
    const back = await signIn('google', info);
    expect((await tokensFrom(back)).accessToken).toEqual(expect.any(String));
    expect((await exchange(back.searchParams.get('code'), BROWSER_STATE)).statusCode).toBe(400);
    // and a start without a page-made state is refused
    const bare = await h.call({ method: 'GET', url: '/api/v1/auth/google' });
    expect(bare.statusCode).toBe(400);
  });

  it('refuses a callback whose state does not match the browser cookie', async () => {
    const failed = await signIn('google', null, { tamperState: true });
    expect(failed.href).toBe('http://bet.test/login?error=social');
  });

  it('sends the browser to the failure page when the provider refuses', async () => {
    const res = await h.call({
      method: 'GET',
      url: '/api/v1/auth/google/callback?error=access_denied&state=x',
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('http://bet.test/login?error=social');
  });
});
