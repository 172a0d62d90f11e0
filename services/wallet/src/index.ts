import { defineService } from '@bet/kit';
import { walletConfig } from './config';
import { consumers } from './consumers';
import { buildContext, type WalletParts } from './context';
import { migrations } from './db/migrations';
import type { WalletDB } from './db/schema';
import { jobs } from './jobs';
import { routes } from './routes';
import { errorAnswers } from './routes/errors';

/** The only place money moves: the double-entry ledger, deposits, withdrawals, money commands. */
export const walletService = defineService<WalletDB, typeof walletConfig, WalletParts>({
  name: 'wallet',
  config: walletConfig,
  migrations,
  context: buildContext,
  routes,
  errors: errorAnswers,
  consumers,
  jobs,
});

export { walletConfig } from './config';
