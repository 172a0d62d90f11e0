import {
  GamesAdminAction,
  UserDeleted,
  UserRoleChanged,
  WalletTransactionPosted,
  WalletWithdrawalProcessed,
} from '@bet/proto-events';
import { recordAdminAction } from '../app/audit';
import { consumer } from '../context';

/** every event that carries an admin as its actor becomes a line of the audit log */
export const adminActionsConsumer = consumer({
  durable: 'admin-audit',
  events: [
    UserRoleChanged,
    UserDeleted,
    WalletWithdrawalProcessed,
    WalletTransactionPosted,
    GamesAdminAction,
  ],
  async handle(_ctx, event, { trx }) {
    await recordAdminAction(trx, event);
  },
});
