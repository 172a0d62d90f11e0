import { type App, MoneySchema, Type } from '@bet/kit';
import type { WalletContext } from '../context';
import { depositNaira } from '../domain/amounts';
import { handleDepositWebhook, initializeDeposit } from '../operations/deposits';
import type { Providers } from '../providers';
import type { Headers } from '../providers/types';
import { fieldError } from './edge';

export function depositRoutes(app: App, ctx: WalletContext, providers: Providers) {
  app.post(
    '/api/v1/wallet/deposit/initialize',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['wallet'],
        description: 'Starts a card deposit in NGN (minimum 100); answers the checkout link.',
        body: Type.Object(
          {
            amount: MoneySchema({ description: 'naira: a number or a decimal string, at most two decimals' }),
          },
          { additionalProperties: false },
        ),
      },
    },
    async (req) => {
      const amount = depositNaira(req.body.amount);
      if (!amount.ok) throw fieldError('amount', amount.msg);
      const deposit = await initializeDeposit(ctx, providers.payment, {
        userId: req.user!.id,
        username: req.user!.username,
        amountKobo: amount.cents,
      });
      return { paymentLink: deposit.paymentLink, reference: deposit.reference };
    },
  );

  // Providers sign the exact bytes they send, so this route keeps the raw body.
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    scope.post(
      '/api/v1/wallet/webhooks/:provider',
      {
        config: { auth: 'public' },
        schema: {
          tags: ['wallet'],
          description: "The payment provider's webhook (signature-checked; the body is read raw).",
          params: Type.Object({ provider: Type.String({ maxLength: 32 }) }),
        },
      },
      async (req, reply) => {
        const { provider } = req.params as { provider: string };
        if (provider !== providers.payment.name)
          return reply.status(404).send({ msg: 'Unknown payment provider' });
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const answer = await handleDepositWebhook(ctx, providers.payment, req.headers as Headers, raw);
        return reply.status(answer.status).send(answer.body);
      },
    );
  });
}

export const ReferenceParams = Type.Object({ reference: Type.String({ pattern: '^dep_[0-9a-f]{32}$' }) });
