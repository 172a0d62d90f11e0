import { type App, webUrl } from '@bet/kit';
import type { FastifyReply } from 'fastify';
import type { WalletContext } from '../context';
import { SANDBOX_SIGNATURE_HEADER, type SandboxProvider } from '../providers/sandbox';
import { ReferenceParams } from './deposits';

const html = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(reply: FastifyReply, status: number, title: string, body: string) {
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${html(title)}</title>
<style>
  body { font-family: system-ui, sans-serif; background: #f1f5f9; color: #0f172a; display: grid; place-items: center; min-height: 100vh; margin: 0; }
  main { background: #fff; border-radius: 12px; padding: 2rem; max-width: 26rem; width: calc(100% - 2rem); box-shadow: 0 4px 24px #0f172a22; }
  .badge { display: inline-block; font-size: .75rem; background: #fef3c7; color: #92400e; padding: .2rem .5rem; border-radius: 999px; }
  .amount { font-size: 2rem; font-weight: 700; margin: .5rem 0; }
  form { display: inline; } button { font-size: 1rem; padding: .6rem 1.4rem; border-radius: 8px; border: 0; cursor: pointer; margin-right: .5rem; }
  .pay { background: #16a34a; color: #fff; } .cancel { background: #e2e8f0; color: #0f172a; }
  a { color: #2563eb; }
</style></head><body><main><span class="badge">Sandbox checkout: no real money moves</span>${body}</main></body></html>`);
}

/**
 * The sandbox provider's checkout page. Pay and Cancel play the provider's part: they update
 * the sandbox's own record and send the signed webhook to the wallet's webhook route, the
 * same path Flutterwave and Paystack use.
 */
export function sandboxCheckoutRoutes(app: App, ctx: WalletContext, sandbox: SandboxProvider) {
  const walletPage = `${webUrl(ctx.config)}/wallet`;

  const load = (reference: string) =>
    ctx.db
      .selectFrom('sandbox_payments as s')
      .innerJoin('deposits as d', 'd.reference', 's.reference')
      .select([
        's.reference',
        's.provider_tx_id',
        's.amount_kobo',
        's.status',
        'd.amount_cents',
        'd.ngn_per_usd',
      ])
      .where('s.reference', '=', reference)
      .executeTakeFirst();

  const notFoundPage = (reply: FastifyReply) =>
    page(
      reply,
      404,
      'Payment not found',
      `<h1>Payment not found</h1><p>This checkout link is unknown or has expired.</p><p><a href="${html(walletPage)}">Back to your wallet</a></p>`,
    );

  /** plays the provider: record the outcome on its side, then notify the wallet, signed */
  async function notify(reference: string, event: 'charge.completed' | 'charge.cancelled') {
    const p = await load(reference);
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

  app.get(
    '/api/v1/wallet/sandbox/checkout/:reference',
    { config: { auth: 'public' }, schema: { hide: true, params: ReferenceParams } },
    async (req, reply) => {
      const p = await load(req.params.reference);
      if (!p) return notFoundPage(reply);
      const naira = (Number(p.amount_kobo) / 100).toFixed(2);
      const usd = (Number(p.amount_cents) / 100).toFixed(2);
      if (p.status !== 'pending')
        return page(
          reply,
          200,
          'Payment',
          `<h1>This payment is ${p.status === 'paid' ? 'complete' : 'cancelled'}</h1><p><a href="${html(walletPage)}">Back to your wallet</a></p>`,
        );
      const action = `/api/v1/wallet/sandbox/checkout/${html(p.reference)}`;
      return page(
        reply,
        200,
        'Pay with the sandbox',
        `<h1>Wallet deposit</h1><div class="amount">NGN ${html(naira)}</div>
<p>Credited as $${html(usd)} at ${html(p.ngn_per_usd)} NGN per USD.</p>
<form method="post" action="${action}/pay"><button class="pay" type="submit">Pay</button></form>
<form method="post" action="${action}/cancel"><button class="cancel" type="submit">Cancel</button></form>`,
      );
    },
  );

  // the buttons post an empty form: accept it without reading it
  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_req, _body, done) => done(null, {}),
    );

    scope.post(
      '/api/v1/wallet/sandbox/checkout/:reference/pay',
      { config: { auth: 'public' }, schema: { hide: true, params: ReferenceParams } },
      async (req, reply) => {
        const { reference } = req.params as { reference: string };
        const updated = await ctx.db
          .updateTable('sandbox_payments')
          .set({ status: 'paid', settled_at: new Date() })
          .where('reference', '=', reference)
          .where('status', '=', 'pending')
          .returning('status')
          .executeTakeFirst();
        const p = await load(reference);
        if (!p) return notFoundPage(reply);
        if (!updated && p.status === 'cancelled')
          return page(
            reply,
            409,
            'Payment cancelled',
            `<h1>This payment was cancelled</h1><p><a href="${html(walletPage)}">Back to your wallet</a></p>`,
          );
        const status = await notify(reference, 'charge.completed');
        if (status !== 200)
          return page(
            reply,
            502,
            'Payment not confirmed',
            `<h1>Payment received, not yet credited</h1><p>Please press Pay again in a moment.</p>`,
          );
        const usd = (Number(p.amount_cents) / 100).toFixed(2);
        return page(
          reply,
          200,
          'Payment complete',
          `<h1>Payment complete</h1><p>$${html(usd)} was added to your wallet.</p><p><a href="${html(walletPage)}">Back to your wallet</a></p>`,
        );
      },
    );

    scope.post(
      '/api/v1/wallet/sandbox/checkout/:reference/cancel',
      { config: { auth: 'public' }, schema: { hide: true, params: ReferenceParams } },
      async (req, reply) => {
        const { reference } = req.params as { reference: string };
        await ctx.db
          .updateTable('sandbox_payments')
          .set({ status: 'cancelled', settled_at: new Date() })
          .where('reference', '=', reference)
          .where('status', '=', 'pending')
          .execute();
        const p = await load(reference);
        if (!p) return notFoundPage(reply);
        if (p.status === 'paid')
          return page(
            reply,
            409,
            'Payment complete',
            `<h1>This payment is already complete</h1><p><a href="${html(walletPage)}">Back to your wallet</a></p>`,
          );
        await notify(reference, 'charge.cancelled');
        return page(
          reply,
          200,
          'Payment cancelled',
          `<h1>Payment cancelled</h1><p>Nothing was charged.</p><p><a href="${html(walletPage)}">Back to your wallet</a></p>`,
        );
      },
    );
  });
}
