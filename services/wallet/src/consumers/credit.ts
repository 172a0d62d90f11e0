import { WalletCredit } from '@bet/proto-events';
import { checkedByWallet, creditCommand } from '../app/commands';
import { responder } from '../context';

/** wallet.credit: a payout from bets in play (a malformed request is answered `invalid`). */
export const creditResponder = responder(checkedByWallet(WalletCredit), (ctx, req) =>
  creditCommand(ctx, req),
);
