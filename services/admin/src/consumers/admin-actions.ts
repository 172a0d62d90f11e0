import { NEVER_GIVE_UP } from '@bet/kit';
import {
  GamesAdminAction,
  UserDeleted,
  UserRoleChanged,
  WalletBonusChanged,
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
    // issue 33: every bonus grant, conversion and forfeiture is audited
    WalletBonusChanged,
  ],
  // the audit log may not lose an admin action to a database outage
  maxDeliver: NEVER_GIVE_UP,
  async handle(_ctx, event, { trx }) {
    await recordAdminAction(trx, event);
  },
});
