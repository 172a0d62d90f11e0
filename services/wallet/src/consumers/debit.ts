import { WalletDebit } from '@bet/proto-events';
import { debitCommand, invalidMoneyCommand } from '../app/commands';
import { responder } from '../context';

/** wallet.debit: a stake into bets in play (a malformed request is answered `invalid`). */
export const debitResponder = responder(WalletDebit, (ctx, req) => debitCommand(ctx, req), {
  invalid: invalidMoneyCommand,
});
