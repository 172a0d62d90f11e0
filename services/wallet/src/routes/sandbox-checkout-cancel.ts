import { typedScope } from '@bet/kit';
import { checkoutOf, settleCheckout } from '../app/sandbox-checkout';
import { route } from '../context';
import { acceptEmptyForm, backLink, notFoundPage, notify, page, ReferenceParams } from './sandbox-page';

export const sandboxCheckoutCancelRoute = route(
  'POST /api/v1/wallet/sandbox/checkout/:reference/cancel',
  (app, ctx) => {
    const sandbox = ctx.providers.sandbox;
    if (!sandbox) return;
    app.register(async (scope) => {
      acceptEmptyForm(scope);
      typedScope(scope).post(
        '/api/v1/wallet/sandbox/checkout/:reference/cancel',
        { config: { auth: 'public' }, schema: { hide: true, params: ReferenceParams } },
        async (req, reply) => {
          const { reference } = req.params;
          await settleCheckout(ctx, reference, 'cancelled');
          const p = await checkoutOf(ctx, reference);
          if (!p) return notFoundPage(ctx, reply);
          if (p.status === 'paid')
            return page(
              reply,
              409,
              'Payment complete',
              `<h1>This payment is already complete</h1>${backLink(ctx)}`,
            );
          await notify(app, ctx, sandbox, reference, 'charge.cancelled');
          return page(
            reply,
            200,
            'Payment cancelled',
            `<h1>Payment cancelled</h1><p>Nothing was charged.</p>${backLink(ctx)}`,
          );
        },
      );
    });
  },
);
