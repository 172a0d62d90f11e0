import { type App, Type, webUrl } from '@bet/kit';
import oauth2 from '@fastify/oauth2';
import type { AppContext } from '../context';
import { type ProviderSettings, socialProviders } from '../providers/social';

/**
 * What the social sign-in routes share (not a route itself): the pages of the web client
 * they send the browser to, and the @fastify/oauth2 client of a provider (state cookie and
 * PKCE), registered once on the app by whichever route asks first.
 */
export const providers = (ctx: AppContext): ProviderSettings[] => socialProviders(ctx.config);

export const BROWSER_STATE_COOKIE = 'bet_social_state';
export const STATE_MIN = 16;
export const STATE_MAX = 200;

export const startPath = (p: ProviderSettings) => `/api/v1/auth/${p.provider}`;
export const callbackPath = (p: ProviderSettings) => `${startPath(p)}/callback`;
/** the provider's query string is the provider's business */
/** `state`: made by the page, checked by the start route (a clear 400 of its own, not the schema's) */
export const socialSchema = {
  tags: ['auth'],
  querystring: Type.Object({ state: Type.Optional(Type.Unknown()) }, { additionalProperties: true }),
};

/** Both are pages of the web client, which may live on another origin than the API. */
export function webPages(ctx: AppContext) {
  const publicUrl = webUrl(ctx.config);
  return {
    publicUrl,
    // the return page gets a one-time code, never the tokens (app/social-codes.ts)
    success: (code: string) => `${publicUrl}/social-auth-success?code=${encodeURIComponent(code)}`,
    failure: `${publicUrl}/login?error=social`,
  };
}

export const configured = (p: ProviderSettings) => Boolean(p.clientId && p.clientSecret);

export interface OAuthClient {
  generateAuthorizationUri(req: unknown, reply: unknown): Promise<string>;
  getAccessTokenFromAuthorizationCodeFlow(
    req: unknown,
    reply: unknown,
  ): Promise<{ token: { access_token: string } }>;
}

/** The provider's OAuth 2 client on this app; the plugin is registered on first use. */
export async function oauthClient(app: App, ctx: AppContext, p: ProviderSettings): Promise<OAuthClient> {
  const name = `${p.provider}OAuth2`;
  if (!app.hasDecorator(name)) {
    const { publicUrl } = webPages(ctx);
    const hostAndPath = (url: string) => {
      const u = new URL(url);
      return { host: u.origin, path: `${u.pathname}${u.search}` };
    };
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
      callbackUri: `${publicUrl}${callbackPath(p)}`,
      pkce: 'S256',
      cookie: { path: startPath(p), secure: publicUrl.startsWith('https:'), sameSite: 'lax', httpOnly: true },
    });
  }
  return (app as any)[name];
}
