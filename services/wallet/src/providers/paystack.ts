import { joinUrl, providerFetch } from './http';
import { hmacHex, safeEqual } from './signatures';
import { type Confirmation, header, type PaymentProvider, ProviderError, type WebhookNotice } from './types';

export interface PaystackOptions {
  secretKey: string;
  apiUrl: string;
  timeoutMs: number;
}

const STATUS: Record<string, Confirmation['status']> = {
  success: 'successful',
  failed: 'failed',
  reversed: 'failed',
  abandoned: 'cancelled',
};

/** Paystack: transaction/initialize, HMAC-SHA512 signed webhooks, verify by reference. */
export function paystackProvider(opts: PaystackOptions): PaymentProvider {
  const call = (method: 'GET' | 'POST', path: string, body?: unknown) =>
    providerFetch('paystack', joinUrl(opts.apiUrl, path), {
      method,
      secret: opts.secretKey,
      body,
      timeoutMs: opts.timeoutMs,
    });
  return {
    name: 'paystack',
    async initialize(req) {
      const res = await call('POST', '/transaction/initialize', {
        email: req.customer.email,
        amount: req.amountKobo.toString(),
        currency: 'NGN',
        reference: req.reference,
        callback_url: req.redirectUrl,
      });
      const link = res?.data?.authorization_url;
      if (res?.status !== true || typeof link !== 'string')
        throw new ProviderError('paystack', 'Paystack did not return an authorization URL');
      return { paymentLink: link };
    },
    verifySignature(headers, rawBody) {
      const given = header(headers, 'x-paystack-signature');
      return (
        typeof given === 'string' &&
        safeEqual(given.toLowerCase(), hmacHex('sha512', opts.secretKey, rawBody))
      );
    },
    parseWebhook(body): WebhookNotice | null {
      const b = body as { event?: unknown; data?: { id?: unknown; reference?: unknown } } | null;
      if (b?.event !== 'charge.success' || typeof b.data?.reference !== 'string') return null;
      return {
        reference: b.data.reference,
        providerTxId: b.data.id === undefined ? undefined : String(b.data.id),
      };
    },
    async confirm(notice) {
      const res = await call('GET', `/transaction/verify/${encodeURIComponent(notice.reference)}`);
      const d = res?.data;
      if (res?.status !== true || !d) throw new ProviderError('paystack', 'Paystack verify returned no data');
      return {
        status: STATUS[String(d.status)] ?? 'pending',
        reference: String(d.reference ?? ''),
        amountKobo: BigInt(Math.trunc(Number(d.amount))),
        currency: String(d.currency ?? ''),
        providerTxId: String(d.id ?? ''),
      };
    },
  };
}
