import { type App, HttpError, Type, webUrl } from '@bet/kit';
import oauth2 from '@fastify/oauth2';
import { sha256 } from '../adapters/tokens';
import type { Identity } from '../app/context';
import { socialSignIn } from '../app/social';
import { createSocialCode, exchangeSocialCode } from '../app/social-codes';
import { fromFacebook, fromGoogle, type Provider, type SocialProfile } from '../domain/social';

interface ProviderSettings {
  provider: Provider;
  label: string;
  clientId?: string;
  clientSecret?: string;
  authorizeUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  scope: string[];
  read(info: Record<string, unknown>): SocialProfile | null;
}

function providers(idn: Identity): ProviderSettings[] {
  const c = idn.ctx.config;
  return [
    {
      provider: 'google',
      label: 'Google',
      clientId: c.GOOGLE_CLIENT_ID,
      clientSecret: c.GOOGLE_CLIENT_SECRET,
      authorizeUrl: c.GOOGLE_AUTHORIZE_URL,
      tokenUrl: c.GOOGLE_TOKEN_URL,
      userinfoUrl: c.GOOGLE_USERINFO_URL,
      scope: ['openid', 'email', 'profile'],
      read: fromGoogle,
    },
    {
      provider: 'facebook',
      label: 'Facebook',
      clientId: c.FACEBOOK_CLIENT_ID,
      clientSecret: c.FACEBOOK_CLIENT_SECRET,
      authorizeUrl: c.FACEBOOK_AUTHORIZE_URL,
      tokenUrl: c.FACEBOOK_TOKEN_URL,
      userinfoUrl: c.FACEBOOK_USERINFO_URL,
      scope: ['email', 'public_profile'],
      read: fromFacebook,
    },
  ];
}

const BROWSER_STATE_COOKIE = 'bet_social_state';
const STATE_MIN = 16;
const STATE_MAX = 200;
export const STATE_REQUIRED =
  'Start social sign-in from the app: a state of 16 to 200 characters made by the page is required.';

const hostAndPath = (url: string) => {
  const u = new URL(url);
  return { host: u.origin, path: `${u.pathname}${u.search}` };
};

/**
 * Social sign-in through @fastify/oauth2 (state cookie and PKCE), one provider at a time.
 * The start routes are ours rather than the plugin's so they declare their auth like every
 * other route and can answer clearly when the provider is not configured.
 */
export async function socialRoutes(app: App, idn: Identity) {
  // both are pages of the web client, which may live on another origin than the API
  const publicUrl = webUrl(idn.ctx.config);
  // the return page gets a one-time code, never the tokens (app/social-codes.ts)
  const successUrl = (code: string) => `${publicUrl}/social-auth-success?code=${encodeURIComponent(code)}`;
  const failureUrl = `${publicUrl}/login?error=social`;

  app.post(
    '/api/v1/auth/social/exchange',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['auth'],
        description:
          'The social return page trades its one-time code, with the state it made before leaving, for the token pair.',
        body: Type.Object(
          {
            code: Type.String({ minLength: 1, maxLength: 200 }),
            state: Type.String({ minLength: STATE_MIN, maxLength: STATE_MAX }),
          },
          { additionalProperties: false },
        ),
      },
    },
    async (req) => exchangeSocialCode(idn, req.body),
  );

  for (const p of providers(idn)) {
    const start = `/api/v1/auth/${p.provider}`;
    const callback = `${start}/callback`;
    const schema = { tags: ['auth'], querystring: Type.Object({}, { additionalProperties: true }) };
    const stateCookie = {
      path: start,
      secure: publicUrl.startsWith('https:'),
      sameSite: 'lax' as const,
      httpOnly: true,
      maxAge: 15 * 60,
    };

    if (!p.clientId || !p.clientSecret) {
      const upper = p.provider.toUpperCase();
      const msg = `${p.label} sign-in is not configured (set ${upper}_CLIENT_ID and ${upper}_CLIENT_SECRET)`;
      app.get(start, { config: { auth: 'public' }, schema }, async () => {
        throw new HttpError(503, msg);
      });
      // a browser the provider sent back lands on the sign-in page, as after any failed
      // callback (the README's contract for this route), not on a bare JSON error
      app.get(callback, { config: { auth: 'public' }, schema }, async (_req, reply) =>
        reply.redirect(failureUrl),
      );
      continue;
    }

    const name = `${p.provider}OAuth2`;
    const authorize = hostAndPath(p.authorizeUrl);
    const token = hostAndPath(p.tokenUrl);
    await app.register(oauth2 as any, {
      name,
      scope: p.scope,
      credentials: {
        client: { id: p.clientId, secret: p.clientSecret },
        auth: {
          authorizeHost: authorize.host,
          authorizePath: authorize.path,
          tokenHost: token.host,
          tokenPath: token.path,
        },
        options: { authorizationMethod: 'body' },
      },
      callbackUri: `${publicUrl}${callback}`,
      pkce: 'S256',
      cookie: { path: start, secure: publicUrl.startsWith('https:'), sameSite: 'lax', httpOnly: true },
    });
    const client = (app as any)[name];

    app.get(start, { config: { auth: 'public' }, schema }, async (req, reply) => {
      const state = (req.query as { state?: unknown }).state;
      if (typeof state !== 'string' || state.length < STATE_MIN || state.length > STATE_MAX)
        throw new HttpError(400, STATE_REQUIRED);
      // remembered through the provider's round trip, then bound to the one-time code
      reply.setCookie(BROWSER_STATE_COOKIE, sha256(state), stateCookie);
      const uri: string = await client.generateAuthorizationUri(req, reply);
      return reply.redirect(uri);
    });

    app.get(callback, { config: { auth: 'public' }, schema }, async (req, reply) => {
      try {
        const { token: providerToken } = await client.getAccessTokenFromAuthorizationCodeFlow(req, reply);
        const res = await fetch(p.userinfoUrl, {
          headers: { authorization: `Bearer ${providerToken.access_token}`, accept: 'application/json' },
          signal: AbortSignal.timeout(10_000),
        });
        if (!res.ok) throw new Error(`userinfo answered ${res.status}`);
        const profile = p.read((await res.json()) as Record<string, unknown>);
        if (!profile) throw new Error('userinfo without a subject');
        const stateHash = (req as { cookies?: Record<string, string | undefined> }).cookies?.[
          BROWSER_STATE_COOKIE
        ];
        if (!stateHash || !/^[0-9a-f]{64}$/.test(stateHash)) throw new Error('no browser state');
        reply.clearCookie(BROWSER_STATE_COOKIE, { path: start });
        const signedIn = await socialSignIn(idn, profile);
        req.log.info(
          { provider: p.provider, userId: signedIn.user.id, created: signedIn.created },
          'social sign-in',
        );
        return reply.redirect(successUrl(await createSocialCode(idn, signedIn.user.id, stateHash)));
      } catch (err) {
        req.log.warn({ err, provider: p.provider }, 'social sign-in failed');
        return reply.redirect(failureUrl);
      }
    });
  }
}
