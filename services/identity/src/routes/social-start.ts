import { HttpError } from '@bet/kit';
import { sha256 } from '../app/tokens';
import { route } from '../context';
import {
  BROWSER_STATE_COOKIE,
  configured,
  oauthClient,
  providers,
  STATE_MAX,
  STATE_MIN,
  socialSchema,
  startPath,
  webPages,
} from './social-providers';

export const STATE_REQUIRED =
  'Start social sign-in from the app: a state of 16 to 200 characters made by the page is required.';

/**
 * The start of social sign-in, one path per provider. Ours rather than the plugin's so it
 * declares its auth like every other route and can answer clearly when the provider is not
 * configured.
 */
export const socialStartRoute = route(
  'GET /api/v1/auth/google, GET /api/v1/auth/facebook',
  async (app, ctx) => {
    const { publicUrl } = webPages(ctx);
    for (const p of providers(ctx)) {
      const start = startPath(p);
      if (!configured(p)) {
        const upper = p.provider.toUpperCase();
        const msg = `${p.label} sign-in is not configured (set ${upper}_CLIENT_ID and ${upper}_CLIENT_SECRET)`;
        app.get(start, { config: { auth: 'public' }, schema: socialSchema }, async () => {
          throw new HttpError(503, msg);
        });
        continue;
      }
      const client = await oauthClient(app, ctx, p);
      const stateCookie = {
        path: start,
        secure: publicUrl.startsWith('https:'),
        sameSite: 'lax' as const,
        httpOnly: true,
        maxAge: 15 * 60,
      };
      app.get(start, { config: { auth: 'public' }, schema: socialSchema }, async (req, reply) => {
        const { state } = req.query;
        if (typeof state !== 'string' || state.length < STATE_MIN || state.length > STATE_MAX)
          throw new HttpError(400, STATE_REQUIRED);
        // remembered through the provider's round trip, then bound to the one-time code
        reply.setCookie(BROWSER_STATE_COOKIE, sha256(state), stateCookie);
        const uri = await client.generateAuthorizationUri(req, reply);
        return reply.redirect(uri);
      });
    }
  },
);
