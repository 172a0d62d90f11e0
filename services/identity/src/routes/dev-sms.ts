import { clientIp, isLoopback, Type } from '@bet/kit';
import { route } from '../context';
import { escapeHtml } from '../domain/mail';
import { normalizePhone } from '../domain/phone';
import { recentSms } from '../store/sms-outbox';

/**
 * The development SMS outbox: the only way to read a one-time code while no SMS provider is
 * configured. Like /dev/mail: registered only in embedded mode or with MAIL_OUTBOX_PAGE=true,
 * never with SMS_PROVIDER set to a real provider, and answered only to a client on this machine
 * (the codes open accounts), anyone else gets the plain 404 of a route that is not there.
 */
export const devSmsRoute = route('GET /api/v1/dev/sms', (app, ctx) => {
  const c = ctx.config;
  if (!((c.MODE === 'embedded' || c.MAIL_OUTBOX_PAGE) && c.SMS_PROVIDER === 'outbox')) return;
  app.get(
    '/api/v1/dev/sms',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['dev'],
        querystring: Type.Object({ to: Type.Optional(Type.String({ maxLength: 40 })) }),
      },
    },
    async (req, reply) => {
      const ip = clientIp(req.socket.remoteAddress, req.headers['x-forwarded-for'], ctx.proxies);
      if (!isLoopback(ip))
        return reply.status(404).send({ msg: `Route not found: GET ${req.url.split('?')[0]}` });
      const to = req.query.to === undefined ? undefined : (normalizePhone(req.query.to) ?? req.query.to);
      const texts = (await recentSms(ctx.db, to)).map((m) => ({
        to: m.to_number,
        text: m.text,
        code: /\b(\d{6})\b/.exec(m.text)?.[1] ?? null,
        createdAt: new Date(m.created_at).toISOString(),
      }));
      reply.header('cache-control', 'no-store');
      if ((req.headers.accept ?? '').includes('application/json')) return { texts };
      const items = texts
        .map(
          (m) =>
            `<li><p>to ${escapeHtml(m.to)} <small>${m.createdAt}</small></p><pre>${escapeHtml(m.text)}</pre></li>`,
        )
        .join('\n');
      return reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Development texts</title>
<style>body{font:15px system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}li{border-bottom:1px solid #ccc;margin-bottom:1rem}pre{white-space:pre-wrap}</style></head>
<body><h1>Development texts</h1><p>Texts the platform would have sent. Set SMS_PROVIDER=termii to send them for real.</p>
${texts.length ? `<ul>${items}</ul>` : '<p>No texts yet.</p>'}</body></html>`,
        );
    },
  );
});
