import { Type, typedScope } from '@bet/kit';
import type { FastifyReply } from 'fastify';
import { handleDepositWebhook } from '../app/deposits';
import { route } from '../context';
import type { Headers } from '../providers/types';
import { WebhookAnswer } from './answers';

export const depositWebhookRoute = route('POST /api/v1/wallet/webhooks/:provider', (app, ctx) => {
  // Providers sign the exact bytes they send, so this route keeps the raw body.
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    typedScope(scope).post(
      '/api/v1/wallet/webhooks/:provider',
      {
        config: { auth: 'public' },
        schema: {
          tags: ['wallet'],
          description: "The payment provider's webhook (signature-checked; the body is read raw).",
          params: Type.Object({ provider: Type.String({ maxLength: 32 }) }),
          response: { 200: WebhookAnswer },
        },
      },
      async (req, typedReply) => {
        // only 200 has a schema; an unknown provider answers a plain 404 { msg } (the use case's
        // refusals are answered by routes/errors.ts), so the reply is not narrowed to 200
        const reply = typedReply as FastifyReply;
        const { provider } = req.params;
        const payment = ctx.providers.payment;
        if (provider !== payment.name) return reply.status(404).send({ msg: 'Unknown payment provider' });
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        return handleDepositWebhook(ctx, payment, req.headers as Headers, raw);
      },
    );
  });
});
