import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { flutterwaveProvider } from './flutterwave';
import { paystackProvider } from './paystack';

describe('webhook signatures', () => {
  const body = Buffer.from(JSON.stringify({ event: 'charge.success', data: { reference: 'dep_x' } }));

  it('Paystack: HMAC-SHA512 of the raw body with the secret key', () => {
    const p = paystackProvider({ secretKey: 'sk_test_abc', apiUrl: 'http://x', timeoutMs: 1000 });
    const good = createHmac('sha512', 'sk_test_abc').update(body).digest('hex');
    expect(p.verifySignature({ 'x-paystack-signature': good }, body)).toBe(true);
    expect(p.verifySignature({ 'x-paystack-signature': good }, Buffer.concat([body, Buffer.from(' ')]))).toBe(
      false,
    );
    expect(
      p.verifySignature(
        { 'x-paystack-signature': createHmac('sha512', 'other').update(body).digest('hex') },
        body,
      ),
    ).toBe(false);
    expect(p.verifySignature({}, body)).toBe(false);
  });

  it('Flutterwave: verif-hash equals the configured secret hash', () => {
    const p = flutterwaveProvider({
      secretKey: 'FLWSECK',
      webhookHash: 'my-hash',
      apiUrl: 'http://x',
      timeoutMs: 1000,
    });
    expect(p.verifySignature({ 'verif-hash': 'my-hash' }, body)).toBe(true);
    expect(p.verifySignature({ 'verif-hash': 'my-hasH' }, body)).toBe(false);
    expect(p.verifySignature({}, body)).toBe(false);
  });

  it('reads only the charge events it acts on', () => {
    const fw = flutterwaveProvider({ secretKey: 'k', webhookHash: 'h', apiUrl: 'http://x', timeoutMs: 1000 });
    expect(fw.parseWebhook({ event: 'charge.completed', data: { id: 42, tx_ref: 'dep_a' } })).toEqual({
      reference: 'dep_a',
      providerTxId: '42',
    });
    expect(fw.parseWebhook({ event: 'transfer.completed', data: { id: 42, tx_ref: 'dep_a' } })).toBeNull();
    const ps = paystackProvider({ secretKey: 'k', apiUrl: 'http://x', timeoutMs: 1000 });
    expect(ps.parseWebhook({ event: 'charge.success', data: { id: 7, reference: 'dep_b' } })).toEqual({
      reference: 'dep_b',
      providerTxId: '7',
    });
    expect(ps.parseWebhook({ event: 'subscription.create', data: {} })).toBeNull();
    expect(ps.parseWebhook(null)).toBeNull();
  });
});
