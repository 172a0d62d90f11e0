import { socialSignIn } from '../app/social';
import { createSocialCode } from '../app/social-codes';
import { route } from '../context';
import { fetchSocialProfile } from '../providers/social';
import {
  BROWSER_STATE_COOKIE,
  callbackPath,
  configured,
  oauthClient,
  providers,
  socialSchema,
  startPath,
  webPages,
} from './social-providers';

/** The provider sends the browser back here: the account is found or made, the page gets a one-time code. */
export const socialCallbackRoute = route(
  'GET /api/v1/auth/google/callback, GET /api/v1/auth/facebook/callback',
  async (app, ctx) => {
    const pages = webPages(ctx);
    for (const p of providers(ctx)) {
      const callback = callbackPath(p);
      if (!configured(p)) {
        // a browser the provider sent back lands on the sign-in page, as after any failed
        // callback (the README's contract for this route), not on a bare JSON error
        app.get(callback, { config: { auth: 'public' }, schema: socialSchema }, async (_req, reply) =>
          reply.redirect(pages.failure),
        );
        continue;
      }
      const client = await oauthClient(app, ctx, p);
      app.get(callback, { config: { auth: 'public' }, schema: socialSchema }, async (req, reply) => {
        try {
          const { token: providerToken } = await client.getAccessTokenFromAuthorizationCodeFlow(req, reply);
          const profile = await fetchSocialProfile(p, providerToken.access_token);
          if (!profile) throw new Error('userinfo without a subject');
          const stateHash = (req as { cookies?: Record<string, string | undefined> }).cookies?.[
            BROWSER_STATE_COOKIE
          ];
          if (!stateHash || !/^[0-9a-f]{64}$/.test(stateHash)) throw new Error('no browser state');
          reply.clearCookie(BROWSER_STATE_COOKIE, { path: startPath(p) });
          const signedIn = await socialSignIn(ctx, profile);
          req.log.info(
            { provider: p.provider, userId: signedIn.user.id, created: signedIn.created },
            'social sign-in',
          );
          return reply.redirect(pages.success(await createSocialCode(ctx, signedIn.user.id, stateHash)));
        } catch (err) {
          req.log.warn({ err, provider: p.provider }, 'social sign-in failed');
          return reply.redirect(pages.failure);
        }
      });
    }
  },
);
