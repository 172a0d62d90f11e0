import { moneyText } from '@bet/kit';
import { checkoutOf } from '../app/sandbox-checkout';
import { route } from '../context';
import { backLink, html, major, notFoundPage, page, ReferenceParams } from './sandbox-page';

export const sandboxCheckoutRoute = route('GET /api/v1/wallet/sandbox/checkout/:reference', (app, ctx) => {
  if (!ctx.providers.sandbox) return;
  app.get(
    '/api/v1/wallet/sandbox/checkout/:reference',
    { config: { auth: 'public' }, schema: { hide: true, params: ReferenceParams } },
    async (req, reply) => {
      const p = await checkoutOf(ctx, req.params.reference);
      if (!p) return notFoundPage(ctx, reply);
      const naira = major(p.amount_kobo);
      const credited =
        ctx.config.CURRENCY === 'NGN'
          ? `Credited as ${html(moneyText(BigInt(p.amount_cents)))}.`
          : `Credited as ${html(moneyText(BigInt(p.amount_cents)))} at ${html(p.ngn_per_usd)} NGN per USD.`;
      if (p.status !== 'pending')
        return page(
          reply,
          200,
          'Payment',
          `<h1>This payment is ${p.status === 'paid' ? 'complete' : 'cancelled'}</h1>${backLink(ctx)}`,
        );
      const action = `/api/v1/wallet/sandbox/checkout/${html(p.reference)}`;
      return page(
        reply,
        200,
        'Pay with the sandbox',
        `<h1>Wallet deposit</h1><div class="amount">NGN ${html(naira)}</div>
<p>${credited}</p>
<p class="reference">Reference <code>${html(p.reference)}</code></p>
<form method="post" action="${action}/pay"><button class="pay" type="submit">Pay</button></form>
<form method="post" action="${action}/cancel"><button class="cancel" type="submit">Cancel</button></form>`,
      );
    },
  );
});
