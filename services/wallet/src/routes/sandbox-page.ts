import { type App, centsToDollars, Type, webUrl } from '@bet/kit';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { checkoutOf } from '../app/sandbox-checkout';
import type { AppContext } from '../context';
import { SANDBOX_SIGNATURE_HEADER, type SandboxProvider } from '../providers/sandbox';

/**
 * The sandbox provider's checkout (GET the page, POST …/pay, POST …/cancel): Pay and Cancel
 * play the provider's part: they update the sandbox's own record and send the signed webhook
 * to the wallet's webhook route, the same path Flutterwave and Paystack use.
 */

export const ReferenceParams = Type.Object({ reference: Type.String({ pattern: '^dep_[0-9a-f]{32}$' }) });

export const html = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const twoPlaces = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** an amount in minor units (kobo, cents) as a checkout shows it: 1234567 → "12,345.67" */
export const major = (minor: bigint | number | string) => twoPlaces.format(centsToDollars(minor));

export function page(reply: FastifyReply, status: number, title: string, body: string) {
  return (
    reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      // the gateway gives API answers a policy that loads nothing: this page needs its own style
      // and posts its two forms back here
      .header(
        'content-security-policy',
        "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
      )
      .send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${html(title)}</title>
<style>
  body { font-family: system-ui, sans-serif; background: #f1f5f9; color: #0f172a; display: grid; place-items: center; min-height: 100vh; margin: 0; }
  main { box-sizing: border-box; background: #fff; border-radius: 12px; padding: 2rem; max-width: 26rem; width: calc(100% - 2rem); box-shadow: 0 4px 24px #0f172a22; }
  .badge { display: inline-block; font-size: .75rem; background: #fef3c7; color: #92400e; padding: .2rem .5rem; border-radius: 999px; }
  .amount { font-size: 2rem; font-weight: 700; margin: .5rem 0; }
  form { display: inline; } button { font-size: 1rem; padding: .6rem 1.4rem; border-radius: 8px; border: 0; cursor: pointer; margin-right: .5rem; }
  .pay { background: #16a34a; color: #fff; } .cancel { background: #e2e8f0; color: #0f172a; }
  a { color: #2563eb; }
  .reference { font-size: .8rem; opacity: .75; overflow-wrap: anywhere; }
  @media (prefers-color-scheme: dark) {
    body { background: #0b1120; color: #e2e8f0; }
    main { background: #111a2e; box-shadow: 0 4px 24px #0008; }
    .badge { background: #422006; color: #fcd34d; }
    .cancel { background: #1e293b; color: #e2e8f0; }
    a { color: #60a5fa; }
  }
</style></head><body><main><span class="badge">Sandbox checkout: no real money moves</span>${body}</main></body></html>`)
  );
}

export const walletPage = (ctx: AppContext) => `${webUrl(ctx.config)}/wallet`;

export const backLink = (ctx: AppContext) =>
  `<p><a href="${html(walletPage(ctx))}">Back to your wallet</a></p>`;

export const notFoundPage = (ctx: AppContext, reply: FastifyReply) =>
  page(
    reply,
    404,
    'Payment not found',
    `<h1>Payment not found</h1><p>This checkout link is unknown or has expired.</p>${backLink(ctx)}`,
  );

/** plays the provider: notify the wallet of the charge's outcome, signed */
export async function notify(
  app: App,
  ctx: AppContext,
  sandbox: SandboxProvider,
  reference: string,
  event: 'charge.completed' | 'charge.cancelled',
) {
  const p = await checkoutOf(ctx, reference);
  if (!p) return undefined;
  const raw = JSON.stringify({
    event,
    data: {
      id: p.provider_tx_id,
      reference: p.reference,
      amount: Number(p.amount_kobo),
      currency: 'NGN',
      status: p.status,
    },
  });
  const res = await app.inject({
    method: 'POST',
    url: `/api/v1/wallet/webhooks/${sandbox.name}`,
    headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: sandbox.sign(raw) },
    payload: raw,
  });
  return res.statusCode;
}

/** the Pay and Cancel buttons post an empty form: accept it without reading it */
export function acceptEmptyForm(scope: FastifyInstance) {
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_req, _body, done) => done(null, {}),
  );
}
