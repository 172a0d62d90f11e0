import { joinUrl, providerFetch } from './http';
import { safeEqual } from './signatures';
import { type Confirmation, header, type PaymentProvider, ProviderError, type WebhookNotice } from './types';

export interface FlutterwaveOptions {
  secretKey: string;
  /** the secret hash configured on the dashboard; Flutterwave sends it back in `verif-hash` */
  webhookHash: string;
  apiUrl: string;
  timeoutMs: number;
}

const STATUS: Record<string, Confirmation['status']> = {
  successful: 'successful',
  failed: 'failed',
  cancelled: 'cancelled',
  pending: 'pending',
};

/** Flutterwave Standard (v3): hosted payment link, `verif-hash` webhooks, verify by transaction id. */
export function flutterwaveProvider(opts: FlutterwaveOptions): PaymentProvider {
  const call = (method: 'GET' | 'POST', path: string, body?: unknown) =>
    providerFetch('flutterwave', joinUrl(opts.apiUrl, path), {
      method,
      secret: opts.secretKey,
      body,
      timeoutMs: opts.timeoutMs,
    });
  return {
    name: 'flutterwave',
    async initialize(req) {
      const res = await call('POST', '/v3/payments', {
        tx_ref: req.reference,
        // naira with two decimals; the amount was validated as whole kobo
        amount: (Number(req.amountKobo) / 100).toFixed(2),
        currency: 'NGN',
        redirect_url: req.redirectUrl,
        customer: { email: req.customer.email, name: req.customer.name },
        customizations: { title: 'Wallet deposit' },
      });
      const link = res?.data?.link;
      if (res?.status !== 'success' || typeof link !== 'string')
        throw new ProviderError('flutterwave', 'Flutterwave did not return a payment link');
      return { paymentLink: link };
    },
    verifySignature(headers) {
      const given = header(headers, 'verif-hash');
      return typeof given === 'string' && opts.webhookHash.length > 0 && safeEqual(given, opts.webhookHash);
    },
    parseWebhook(body): WebhookNotice | null {
      const b = body as { event?: unknown; data?: { id?: unknown; tx_ref?: unknown } } | null;
      if (b?.event !== 'charge.completed' || typeof b.data?.tx_ref !== 'string') return null;
      const id = b.data.id;
      if (typeof id !== 'number' && typeof id !== 'string') return null;
      return { reference: b.data.tx_ref, providerTxId: String(id) };
    },
    async confirm(notice) {
      if (!notice.providerTxId || !/^\d+$/.test(notice.providerTxId))
        throw new ProviderError('flutterwave', 'webhook without a transaction id');
      const res = await call('GET', `/v3/transactions/${notice.providerTxId}/verify`);
      const d = res?.data;
      if (res?.status !== 'success' || !d)
        throw new ProviderError('flutterwave', 'Flutterwave verify returned no data');
      return {
        status: STATUS[String(d.status)] ?? 'pending',
        reference: String(d.tx_ref ?? ''),
        amountKobo: BigInt(Math.round(Number(d.amount) * 100)),
        currency: String(d.currency ?? ''),
        providerTxId: String(d.id ?? notice.providerTxId),
      };
    },
  };
}
