import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/domain/clock';
import { type Harness, loginStatus, refreshStatus, registerPlayer, startIdentity, waitFor } from './helpers';

const NEUTRAL = "If an account with that email exists, we've sent a password reset link to it.";

async function outbox(h: Harness, to: string) {
  const res = await h.call({
    method: 'GET',
    url: `/api/v1/dev/mail?to=${encodeURIComponent(to)}`,
    headers: { accept: 'application/json' },
    // the outbox answers clients on this machine only
    ip: '127.0.0.1',
  });
  expect(res.statusCode).toBe(200);
  return res.json().mails as Array<{ subject: string; text: string; links: string[] }>;
}

const tokenOf = (link: string) => {
  const m = /^http:\/\/bet\.test\/reset-password\/([A-Za-z0-9_-]+)$/.exec(link);
  if (!m) throw new Error(`unexpected link ${link}`);
  return m[1];
};

describe('password reset through the development outbox', () => {
  let h: Harness;
  const clock = new ManualClock();
  beforeAll(async () => {
    h = await startIdentity({ clock, env: { MAIL_OUTBOX_PAGE: 'true' } });
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('answers the same whether or not the email has an account', async () => {
    const p = await registerPlayer(h);
    const known = await h.call({
      method: 'POST',
      url: '/api/v1/auth/request-password-reset',
      payload: { email: p.email },
    });
    const unknown = await h.call({
      method: 'POST',
      url: '/api/v1/auth/request-password-reset',
      payload: { email: `nobody-${p.email}` },
    });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ msg: NEUTRAL });
    expect(unknown.json()).toEqual(known.json());
    await waitFor(async () => (await outbox(h, p.email)).length === 1);
    expect(await outbox(h, `nobody-${p.email}`)).toEqual([]);
  });

  it('resets once with the mailed link, ends every session, and the old password stops working', async () => {
    const p = await registerPlayer(h);
    await h.call({ method: 'POST', url: '/api/v1/auth/request-password-reset', payload: { email: p.email } });
    const [mail] = await waitFor(() => outbox(h, p.email).then((m) => (m.length > 0 ? m : undefined)));
    expect(mail.subject).toBe('Reset your password');
    const token = tokenOf(mail.links[0]);

    const mismatch = await h.call({
      method: 'POST',
      url: `/api/v1/auth/reset-password/${token}`,
      payload: { password: 'new-secret-words', confirmPassword: 'other' },
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().msg).toBe('Passwords do not match.');
    const weak = await h.call({
      method: 'POST',
      url: `/api/v1/auth/reset-password/${token}`,
      payload: { password: 'password', confirmPassword: 'password' },
    });
    expect(weak.statusCode).toBe(400);

    const ok = await h.call({
      method: 'POST',
      url: `/api/v1/auth/reset-password/${token}`,
      payload: { password: 'new-secret-words', confirmPassword: 'new-secret-words' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ msg: 'Password has been reset successfully!' });
    // the session from before the reset is over
    expect(await refreshStatus(h, p.refreshToken)).toBe(400);
    // single use
    const again = await h.call({
      method: 'POST',
      url: `/api/v1/auth/reset-password/${token}`,
      payload: { password: 'newer-secret-words', confirmPassword: 'newer-secret-words' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().msg).toBe('Invalid or expired reset token.');
    expect(await loginStatus(h, p.email, p.password)).toBe(401);
    expect(await loginStatus(h, p.email, 'new-secret-words')).toBe(200);
  });

  it('refuses an expired link and a missing one', async () => {
    const p = await registerPlayer(h);
    await h.call({ method: 'POST', url: '/api/v1/auth/request-password-reset', payload: { email: p.email } });
    const [mail] = await waitFor(() => outbox(h, p.email).then((m) => (m.length > 0 ? m : undefined)));
    clock.advance(60 * 60_000 + 1);
    const late = await h.call({
      method: 'POST',
      url: `/api/v1/auth/reset-password/${tokenOf(mail.links[0])}`,
      payload: { password: 'new-secret-words', confirmPassword: 'new-secret-words' },
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().msg).toBe('Invalid or expired reset token.');
    const missing = await h.call({
      method: 'POST',
      url: '/api/v1/auth/reset-password/',
      payload: { password: 'new-secret-words', confirmPassword: 'new-secret-words' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toBe('Invalid or missing reset token.');
  });

  it('only the newest link works', async () => {
    const p = await registerPlayer(h);
    for (let i = 0; i < 2; i++) {
      await h.call({
        method: 'POST',
        url: '/api/v1/auth/request-password-reset',
        payload: { email: p.email },
      });
      await waitFor(() => outbox(h, p.email).then((m) => m.length === i + 1));
    }
    const [newest, oldest] = await outbox(h, p.email);
    const body = { password: 'new-secret-words', confirmPassword: 'new-secret-words' };
    expect(
      (
        await h.call({
          method: 'POST',
          url: `/api/v1/auth/reset-password/${tokenOf(oldest.links[0])}`,
          payload: body,
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await h.call({
          method: 'POST',
          url: `/api/v1/auth/reset-password/${tokenOf(newest.links[0])}`,
          payload: body,
        })
      ).statusCode,
    ).toBe(200);
  });

  it('shows the outbox to nobody but a client on this machine (issue 13, item 3)', async () => {
    const p = await registerPlayer(h);
    await h.call({ method: 'POST', url: '/api/v1/auth/request-password-reset', payload: { email: p.email } });
    await waitFor(async () => ((await outbox(h, p.email)).length > 0 ? true : undefined));
    // a client elsewhere: as if the route were not there
    const remote = await h.call({ method: 'GET', url: '/api/v1/dev/mail', ip: '203.0.113.7' });
    expect(remote.statusCode).toBe(404);
    expect(remote.body).not.toContain('reset-password');
    // claiming to be local through a header only a trusted proxy may set
    const spoofed = await h.call({
      method: 'GET',
      url: '/api/v1/dev/mail',
      ip: '203.0.113.7',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(spoofed.statusCode).toBe(404);
    // the trusted gateway on this machine, forwarding an outside client
    const proxied = await h.call({
      method: 'GET',
      url: '/api/v1/dev/mail',
      ip: '127.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expect(proxied.statusCode).toBe(404);
  });

  it('serves the outbox as a readable page', async () => {
    const res = await h.call({ method: 'GET', url: '/api/v1/dev/mail', ip: '127.0.0.1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toMatch(/<a href="http:\/\/bet\.test\/reset-password\/[A-Za-z0-9_-]+">/);
  });
});

describe('password reset through SMTP', () => {
  let h: Harness;
  let smtp: SMTPServer;
  const received: Array<{ to: string[]; raw: string }> = [];
  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c) => chunks.push(c));
        stream.on('end', () => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    smtp.listen(0, '127.0.0.1');
    await once(smtp.server, 'listening');
    const { port } = smtp.server.address() as AddressInfo;
    h = await startIdentity({
      // the outbox page asked for, but SMTP is configured: it must not exist
      env: {
        SMTP_URL: `smtp://127.0.0.1:${port}`,
        MAIL_FROM: 'Bet <no-reply@bet.test>',
        MAIL_OUTBOX_PAGE: 'true',
      },
    });
  });
  afterAll(async () => {
    await h?.stop();
    await new Promise<void>((r) => smtp?.close(() => r()));
  });

  it('sends the reset link by mail, and the link works', async () => {
    const p = await registerPlayer(h);
    const res = await h.call({
      method: 'POST',
      url: '/api/v1/auth/request-password-reset',
      payload: { email: p.email },
    });
    expect(res.json()).toEqual({ msg: NEUTRAL });
    const mail = await waitFor(() => received.find((m) => m.to.includes(p.email)), 10_000);
    expect(mail.raw).toMatch(/^From: Bet <no-reply@bet\.test>/m);
    expect(mail.raw).toMatch(/^Subject: Reset your password/m);
    // quoted-printable may wrap the link; undo soft line breaks before reading it
    const text = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const token = /http:\/\/bet\.test\/reset-password\/([A-Za-z0-9_-]+)/.exec(text)![1];
    const ok = await h.call({
      method: 'POST',
      url: `/api/v1/auth/reset-password/${token}`,
      payload: { password: 'mailed-new-secret', confirmPassword: 'mailed-new-secret' },
    });
    expect(ok.statusCode).toBe(200);
    // nothing went to the development outbox, and its page is not served outside embedded mode
    expect(await h.svc.ctx.db.selectFrom('mail_outbox').selectAll().execute()).toEqual([]);
    expect((await h.call({ method: 'GET', url: '/api/v1/dev/mail', ip: '127.0.0.1' })).statusCode).toBe(404);
  });
});
