import { HttpError } from '@bet/kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sha256 } from '../app/tokens';
import { route } from '../context';
import { escapeHtml } from '../domain/mail';
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
        app.get(start, { config: { auth: 'public' }, schema: socialSchema }, async (req, reply) => {
          // the button is a link: a browser landing here gets a page it can leave, a client the JSON
          if (wantsPage(req)) return unavailablePage(reply, p.label, `${publicUrl}/login`);
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

/** A browser's navigation asks for HTML first; an API client asks for JSON (or anything). */
function wantsPage(req: FastifyRequest) {
  const accept = req.headers.accept ?? '';
  return accept.includes('text/html') && !accept.startsWith('application/json');
}

/** The product's look (the web's colours, light and dark) for the one page identity serves to a browser. */
function unavailablePage(reply: FastifyReply, label: string, back: string) {
  const title = `${label} sign-in is not available`;
  return reply
    .status(503)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header(
      'content-security-policy',
      "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'",
    )
    .send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark"><title>${escapeHtml(title)} · BetArena</title>
<style>
  body { font-family: system-ui, sans-serif; background: #f4f6fa; color: #141a23; display: grid; place-items: center; min-height: 100vh; margin: 0; }
  main { box-sizing: border-box; background: #fff; border: 1px solid #d5dbe5; border-radius: 10px; padding: 2rem; max-width: 28rem; width: calc(100% - 2rem); }
  .brand { font-weight: 800; color: #0b7a4b; margin: 0 0 1rem; }
  h1 { font-size: 1.3rem; margin: 0 0 .75rem; } p { color: #55606f; line-height: 1.5; }
  a.btn { display: inline-block; margin-top: .5rem; background: #0b7a4b; color: #fff; text-decoration: none; padding: .6rem 1.2rem; border-radius: 6px; font-weight: 600; }
  @media (prefers-color-scheme: dark) {
    body { background: #0e131b; color: #e8edf4; } main { background: #161d28; border-color: #2e3a4b; }
    .brand { color: #2fbf7f; } p { color: #a2afc0; } a.btn { background: #2fbf7f; color: #0e131b; }
  }
</style></head><body><main><p class="brand">BetArena</p>
<h1>${escapeHtml(title)}</h1>
<p>Signing in with ${escapeHtml(label)} has not been set up on this platform yet. Sign in with your email and password instead, or create an account.</p>
<a class="btn" href="${escapeHtml(back)}">Back to sign in</a>
</main></body></html>`);
}
