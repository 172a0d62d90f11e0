import { clientIp, Type } from '@bet/kit';
import { CODE_SENT, startPhoneSignIn } from '../app/phone';
import { route } from '../context';

/**
 * Phone sign-in, step 1: texts a one-time code. The same 202 answer whether or not the
 * number has an account; 429 with the wait while a code was sent too recently.
 */
export const phoneStartRoute = route('POST /api/v1/auth/phone/start', (app, ctx) => {
  app.post(
    '/api/v1/auth/phone/start',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['auth'],
        body: Type.Object(
          {
            phone: Type.String({
              minLength: 1,
              maxLength: 40,
              description: 'E.164 or a Nigerian local form',
            }),
          },
          { additionalProperties: false },
        ),
        response: {
          202: Type.Object({
            msg: Type.String(),
            phone: Type.String({ description: 'the number as understood, in E.164' }),
            resendInSeconds: Type.Integer({ description: 'when another code may be requested' }),
          }),
        },
      },
    },
    async (req, reply) => {
      const ip = clientIp(req.socket.remoteAddress, req.headers['x-forwarded-for'], ctx.proxies);
      const sent = await startPhoneSignIn(ctx, { phone: req.body.phone, ip });
      return reply.status(202).send({ msg: CODE_SENT, ...sent });
    },
  );
});
