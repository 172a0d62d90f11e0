import { once } from 'node:events';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmsSendError, TermiiSms } from './sms';

/** A local stand-in for Termii's API: records each request and answers as told. */
describe('TermiiSms against a local stand-in of the Termii API', () => {
  const seen: Array<{ method?: string; url?: string; type?: string; body: any }> = [];
  let answer: { status: number; body: string } = { status: 200, body: '' };
  const server = createServer(async (req: IncomingMessage, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    seen.push({ method: req.method, url: req.url, type: req.headers['content-type'], body: JSON.parse(raw) });
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
  });
  let baseUrl = '';
  beforeAll(async () => {
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => server.close());

  const termii = () =>
    new TermiiSms({ apiKey: 'TLkey123', senderId: 'BetPlatform', baseUrl, timeoutMs: 2_000 });

  it('posts the documented JSON to /api/sms/send', async () => {
    answer = {
      status: 200,
      body: JSON.stringify({
        message_id: '9122821270554876574',
        message: 'Successfully Sent',
        balance: 9,
        user: 'x',
      }),
    };
    await termii().send({ to: '+2348031234567', text: '123456 is your code' });
    expect(seen.at(-1)).toEqual({
      method: 'POST',
      url: '/api/sms/send',
      type: 'application/json',
      body: {
        api_key: 'TLkey123',
        to: '2348031234567',
        from: 'BetPlatform',
        sms: '123456 is your code',
        type: 'plain',
        channel: 'generic',
      },
    });
  });

  it('fails on a refusal, on an answer without a message id, and when nothing answers', async () => {
    answer = { status: 400, body: JSON.stringify({ message: 'ApplicationSenderId not found' }) };
    await expect(termii().send({ to: '+2348031234567', text: 'x' })).rejects.toThrow(/Termii answered 400/);
    answer = { status: 200, body: JSON.stringify({ message: 'Insufficient balance' }) };
    await expect(termii().send({ to: '+2348031234567', text: 'x' })).rejects.toBeInstanceOf(SmsSendError);
    const nowhere = new TermiiSms({
      apiKey: 'k',
      senderId: 'Bet',
      baseUrl: 'http://127.0.0.1:9',
      timeoutMs: 500,
    });
    await expect(nowhere.send({ to: '+2348031234567', text: 'x' })).rejects.toThrow(/did not answer/);
  });
});
