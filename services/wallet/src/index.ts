import { defineService } from '@bet/kit';
import { walletConfig } from './config';
import { startBetConsumers } from './consumers/bets';
import { startMoneyCommands } from './consumers/commands';
import { startUserConsumer } from './consumers/users';
import type { WalletContext } from './context';
import { migrations } from './db/migrations';
import type { WalletDB } from './db/schema';
import { retryPayouts } from './operations/withdrawals';
import { createProviders, type Providers } from './providers';
import { adminRoutes } from './routes/admin';
import { closedAccountRoutes } from './routes/closed-accounts';
import { depositRateRoutes } from './routes/deposit-rate';
import { depositRoutes } from './routes/deposits';
import { paymentConfigRoutes } from './routes/payment-config';
import { sandboxCheckoutRoutes } from './routes/sandbox-checkout';
import { walletRoutes } from './routes/wallet';
import { withdrawalRoutes } from './routes/withdrawals';

const PAYOUT_RETRY_MS = 60_000;

// providers are built once per running service, in routes() (which runs before start())
const providersOf = new WeakMap<object, Providers>();

/** The only place money moves: the double-entry ledger, deposits, withdrawals, money commands. */
export const walletService = defineService<WalletDB, typeof walletConfig>({
  name: 'wallet',
  config: walletConfig,
  migrations,
  routes(app, ctx) {
    const c = ctx as WalletContext;
    const providers = createProviders(c);
    providersOf.set(ctx, providers);
    walletRoutes(app, c);
    depositRoutes(app, c, providers);
    depositRateRoutes(app, c);
    if (providers.sandbox) sandboxCheckoutRoutes(app, c, providers.sandbox);
    withdrawalRoutes(app, c, providers);
    adminRoutes(app, c);
    closedAccountRoutes(app, c);
    paymentConfigRoutes(app, c, providers);
  },
  async start(ctx) {
    const c = ctx as WalletContext;
    await startMoneyCommands(c);
    await startUserConsumer(c);
    await startBetConsumers(c);
    const providers = providersOf.get(ctx)!;
    const retry = () =>
      retryPayouts(c, providers.payout).catch((err) => c.logger.warn({ err }, 'payout retry pass failed'));
    const timer = setInterval(retry, PAYOUT_RETRY_MS);
    timer.unref();
    ctx.onStop(() => clearInterval(timer));
    void retry();
  },
});

export { walletConfig } from './config';
