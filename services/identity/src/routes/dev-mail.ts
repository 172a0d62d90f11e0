import { clientIp, isLoopback, Type } from '@bet/kit';
import { outboxMail } from '../app/dev-mail';
import { route } from '../context';
import { escapeHtml } from '../domain/mail';

/**
 * The development outbox, readable in a browser: the only way to follow a password-reset
 * link when no SMTP server is configured. Registered only in embedded mode or when
 * MAIL_OUTBOX_PAGE=true, never when SMTP_URL is set, and answered only to a client on this
 * machine (as the trusted gateway reports it): it holds live reset links, i.e. the keys to
 * every account, so anyone else gets the plain 404 of a route that is not there.
 */
export const devMailRoute = route('GET /api/v1/dev/mail', (app, ctx) => {
  const c = ctx.config;
  // the outbox only exists while mail goes nowhere else
  if (!((c.MODE === 'embedded' || c.MAIL_OUTBOX_PAGE) && !c.SMTP_URL)) return;
  app.get(
    '/api/v1/dev/mail',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['dev'],
        querystring: Type.Object({ to: Type.Optional(Type.String({ maxLength: 254 })) }),
      },
    },
    async (req, reply) => {
      const ip = clientIp(req.socket.remoteAddress, req.headers['x-forwarded-for'], ctx.proxies);
      if (!isLoopback(ip))
        return reply.status(404).send({ msg: `Route not found: GET ${req.url.split('?')[0]}` });
      const mails = await outboxMail(ctx, req.query.to);
      reply.header('cache-control', 'no-store');
      if ((req.headers.accept ?? '').includes('application/json')) return { mails };
      const items = mails
        .map(
          (
            m,
          ) => `<li><p><b>${escapeHtml(m.subject)}</b> to ${escapeHtml(m.to)} <small>${m.createdAt}</small></p>
<pre>${escapeHtml(m.text)}</pre>${m.links.map((l) => `<p><a href="${escapeHtml(l)}">${escapeHtml(l)}</a></p>`).join('')}</li>`,
        )
        .join('\n');
      return reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Development mail</title>
<style>body{font:15px system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}li{border-bottom:1px solid #ccc;margin-bottom:1rem}pre{white-space:pre-wrap}</style></head>
<body><h1>Development mail</h1><p>Mail the platform would have sent. Configure SMTP_URL to send it for real.</p>
${mails.length ? `<ul>${items}</ul>` : '<p>No mail yet.</p>'}</body></html>`,
        );
    },
  );
});
