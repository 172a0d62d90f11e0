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
        // only 200 has a schema; the other statuses (404 here; 400, 401, 502 from the use case)
        // answer a plain { msg }, so the reply is not narrowed to the declared codes
        const reply = typedReply as FastifyReply;
        const { provider } = req.params;
        const payment = ctx.providers.payment;
        if (provider !== payment.name) return reply.status(404).send({ msg: 'Unknown payment provider' });
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const answer = await handleDepositWebhook(ctx, payment, req.headers as Headers, raw);
        return reply.status(answer.status).send(answer.body);
      },
    );
  });
});
