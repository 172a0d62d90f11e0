import type { App } from '@bet/kit';
import type { WalletContext } from '../context';
import type { Providers } from '../providers';

/** Public: which payment provider takes deposits, so the web can say when it is the sandbox. */
export function paymentConfigRoutes(app: App, _ctx: WalletContext, providers: Providers) {
  app.get(
    '/api/v1/wallet/payments',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['wallet'],
        description:
          '`{ provider, sandbox }`: `sandbox: true` when deposits go to the sandbox (no real money; the web shows a banner).',
      },
    },
    async () => ({ provider: providers.payment.name, sandbox: providers.sandbox !== null }),
  );
}
