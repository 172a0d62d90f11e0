import { isIP } from 'node:net';
import { type App, Type } from '@bet/kit';
import { clientIp } from '../adapters/client-ip';
import { escapeHtml } from '../adapters/mailer';
import type { Identity } from '../app/context';

/**
 * The development outbox, readable in a browser: the only way to follow a password-reset
 * link when no SMTP server is configured. Registered only in embedded mode or when
 * MAIL_OUTBOX_PAGE=true, never when SMTP_URL is set, and answered only to a client on this
 * machine (as the trusted gateway reports it): it holds live reset links, i.e. the keys to
 * every account, so anyone else gets the plain 404 of a route that is not there.
 */
export function devMailRoutes(app: App, idn: Identity) {
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
      const ip = clientIp(req.socket.remoteAddress, req.headers['x-forwarded-for'], idn.proxies);
      if (!isLoopback(ip))
        return reply.status(404).send({ msg: `Route not found: GET ${req.url.split('?')[0]}` });
      let q = idn.ctx.db
        .selectFrom('mail_outbox')
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(50);
      if (req.query.to) q = q.where('to_address', '=', req.query.to.trim().toLowerCase());
      const mails = (await q.execute()).map((m) => ({
        to: m.to_address,
        subject: m.subject,
        text: m.text,
        links: [...m.text.matchAll(/https?:\/\/\S+/g)].map((x) => x[0]),
        createdAt: new Date(m.created_at).toISOString(),
      }));
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
}

export function isLoopback(ip: string): boolean {
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (isIP(v4) === 4) return v4.startsWith('127.');
  return ip === '::1';
}
