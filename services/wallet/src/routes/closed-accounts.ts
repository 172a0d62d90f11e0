import { type App, centsToDollars, ID_PATTERN, Type } from '@bet/kit';
import type { WalletContext } from '../context';
import { payOutClosedWallet } from '../operations/closed-accounts';
import { clientKey } from './edge';

/** What happens to money that reaches a closed wallet: an admin pays it out, audited. */
export function closedAccountRoutes(app: App, ctx: WalletContext) {
  app.post(
    '/api/v1/admin/wallet/closed/:id/payout',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        description:
          "Pays out a closed wallet's whole balance through the payout provider (recorded with the admin's id). Optional Idempotency-Key header.",
        params: Type.Object({ id: Type.String({ pattern: ID_PATTERN }) }),
        body: Type.Object(
          { description: Type.String({ minLength: 1, maxLength: 500 }) },
          { additionalProperties: false },
        ),
      },
    },
    async (req) => {
      const posted = await payOutClosedWallet(ctx, {
        userId: req.params.id,
        adminId: req.user!.id,
        description: req.body.description.trim() || 'Closed wallet paid out',
        clientKey: clientKey(req),
      });
      return {
        msg: 'Closed wallet paid out.',
        amount: centsToDollars(posted.amountCents),
        walletBalance: centsToDollars(posted.balanceAfter ?? 0n),
        transactionId: posted.transactionId,
      };
    },
  );

  app.get(
    '/api/v1/admin/wallet/held-deposits',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        description:
          'Payments that completed after their wallet closed: held, to refund through the provider.',
      },
    },
    async () => {
      const rows = await ctx.db
        .selectFrom('deposits')
        .select([
          'id',
          'user_id',
          'provider',
          'reference',
          'amount_kobo',
          'amount_cents',
          'provider_tx_id',
          'created_at',
        ])
        .where('status', '=', 'held')
        .orderBy('created_at', 'desc')
        .limit(200)
        .execute();
      return {
        deposits: rows.map((r) => ({
          _id: r.id,
          userId: r.user_id,
          provider: r.provider,
          reference: r.reference,
          amountNgn: Number(r.amount_kobo) / 100,
          amount: centsToDollars(r.amount_cents),
          providerTxId: r.provider_tx_id,
          createdAt: new Date(r.created_at).toISOString(),
        })),
      };
    },
  );
}
