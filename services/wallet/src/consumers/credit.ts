import { WalletCredit } from '@bet/proto-events';
import { creditCommand, invalidMoneyCommand } from '../app/commands';
import { responder } from '../context';

/** wallet.credit: a payout from bets in play (a malformed request is answered `invalid`). */
export const creditResponder = responder(WalletCredit, (ctx, req) => creditCommand(ctx, req), {
  invalid: invalidMoneyCommand,
});
