import { centsToDollars } from '@bet/kit';
import { balanceOf, bonusOf, debtOf } from '../app/statements';
import { route } from '../context';
import { BalanceAnswer } from './answers';

/** The player's own wallet: the token's subject is the only wallet a player can read. */
export const walletBalanceRoute = route('GET /api/v1/wallet', (app, ctx) => {
  app.get(
    '/api/v1/wallet',
    { config: { auth: 'user' }, schema: { tags: ['wallet'], response: { 200: BalanceAnswer } } },
    async (req) => ({
      walletBalance: centsToDollars(await balanceOf(ctx, req.user!.id)),
      // the currency of every amount (one per deployment; an addition to the spec's answer)
      currency: ctx.config.CURRENCY,
      // owed from a corrected result (repaid from the next winnings; withdrawals wait for it)
      debt: centsToDollars(await debtOf(ctx, req.user!.id)),
      // bonus money: stakeable, never withdrawable, cash once its wagering is met (wallet-007)
      bonusBalance: centsToDollars(await bonusOf(ctx, req.user!.id)),
    }),
  );
});
