import { route } from '../context';
import { PaymentConfigAnswer } from './answers';

/** Public: which payment provider takes deposits, so the web can say when it is the sandbox. */
export const paymentConfigRoute = route('GET /api/v1/wallet/payments', (app, ctx) => {
  app.get(
    '/api/v1/wallet/payments',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['wallet'],
        description:
          '`{ provider, sandbox, currency }`: `sandbox: true` when deposits go to the sandbox (no real money; the web shows a banner); `currency` is the one every amount is in (the web formats money with it).',
        response: { 200: PaymentConfigAnswer },
      },
    },
    async () => ({
      provider: ctx.providers.payment.name,
      sandbox: ctx.providers.sandbox !== null,
      currency: ctx.config.CURRENCY,
    }),
  );
});
