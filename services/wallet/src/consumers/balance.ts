import { WalletBalance } from '@bet/proto-events';
import { balanceCommand } from '../app/commands';
import { responder } from '../context';

/** wallet.balance: a user's balance and what their pending withdrawals hold. */
export const balanceResponder = responder(WalletBalance, (ctx, req) => balanceCommand(ctx, req));
