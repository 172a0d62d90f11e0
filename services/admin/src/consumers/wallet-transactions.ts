import { WalletTransactionPosted } from '@bet/proto-events';
import { applyTransaction } from '../app/projections';
import { consumer } from '../context';

/** the wallet's posted lines: statements, balances and the dashboard's money figures */
export const walletTransactionsConsumer = consumer({
  durable: 'admin-wallet-transactions',
  events: [WalletTransactionPosted],
  async handle(_ctx, event, { trx }) {
    await applyTransaction(trx, event);
  },
});
