import { moneyText, typedScope } from '@bet/kit';
import { checkoutOf, settleCheckout } from '../app/sandbox-checkout';
import { route } from '../context';
import { acceptEmptyForm, backLink, html, notFoundPage, notify, page, ReferenceParams } from './sandbox-page';

export const sandboxCheckoutPayRoute = route(
  'POST /api/v1/wallet/sandbox/checkout/:reference/pay',
  (app, ctx) => {
    const sandbox = ctx.providers.sandbox;
    if (!sandbox) return;
    app.register(async (scope) => {
      acceptEmptyForm(scope);
      typedScope(scope).post(
        '/api/v1/wallet/sandbox/checkout/:reference/pay',
        { config: { auth: 'public' }, schema: { hide: true, params: ReferenceParams } },
        async (req, reply) => {
          const { reference } = req.params;
          const updated = await settleCheckout(ctx, reference, 'paid');
          const p = await checkoutOf(ctx, reference);
          if (!p) return notFoundPage(ctx, reply);
          if (!updated && p.status === 'cancelled')
            return page(
              reply,
              409,
              'Payment cancelled',
              `<h1>This payment was cancelled</h1>${backLink(ctx)}`,
            );
          const status = await notify(app, ctx, sandbox, reference, 'charge.completed');
          if (status !== 200)
            return page(
              reply,
              502,
              'Payment not confirmed',
              `<h1>Payment received, not yet credited</h1><p>Please press Pay again in a moment.</p>`,
            );
          return page(
            reply,
            200,
            'Payment complete',
            `<h1>Payment complete</h1><p>${html(moneyText(BigInt(p.amount_cents)))} was added to your wallet.</p>${backLink(ctx)}`,
          );
        },
      );
    });
  },
);
