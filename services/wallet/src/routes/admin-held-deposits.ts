import { centsToDollars } from '@bet/kit';
import { listHeldDeposits } from '../app/deposits';
import { route } from '../context';
import { HeldDepositsAnswer } from './answers';

export const adminHeldDepositsRoute = route('GET /api/v1/admin/wallet/held-deposits', (app, ctx) => {
  app.get(
    '/api/v1/admin/wallet/held-deposits',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        description:
          'Payments that completed after their wallet closed: held, to refund through the provider.',
        response: { 200: HeldDepositsAnswer },
      },
    },
    async () => {
      const rows = await listHeldDeposits(ctx);
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
});
