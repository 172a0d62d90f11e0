import { WalletDebit } from '@bet/proto-events';
import { debitCommand, invalidMoneyCommand } from '../app/commands';
import { debitTogether } from '../app/debit-together';
import { responder } from '../context';

/** wallet.debit: a stake into bets in play (a malformed request is answered `invalid`). */
export const debitResponder = responder(WalletDebit, (ctx, req) => debitCommand(ctx, req), {
  invalid: invalidMoneyCommand,
  // stakes that arrive while a batch is written share the next transaction (app/debit-together.ts);
  // two batches at a time keep a batch waiting on a lock from stopping the rest
  together: { max: 200, parallel: 2, handle: debitTogether },
});
