import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Trx } from '../store/db';
import { insertSandboxPayment, sandboxPayment } from '../store/sandbox-payments';
import { hmacHex, safeEqual } from './signatures';
import {
  type Confirmation,
  header,
  type PaymentProvider,
  type PayoutProvider,
  type WebhookNotice,
} from './types';

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
export const sandboxCheckoutPath = (reference: string) => `/api/v1/wallet/sandbox/checkout/${reference}`;

export interface SandboxProvider extends PaymentProvider {
  /** the signature the sandbox puts on its own webhooks */
  sign(rawBody: string): string;
}

/**
 * The built-in provider: a checkout page served by the wallet itself, its own record of
 * each charge (sandbox_payments, standing in for the provider's side), and webhooks signed
 * with HMAC-SHA256 — completed through exactly the code path of the real providers.
 */
export function sandboxProvider(opts: { db: Trx; secret: string; publicUrl: string }): SandboxProvider {
  const sign = (raw: string | Buffer) => hmacHex('sha256', opts.secret, raw);
  return {
    name: 'sandbox',
    sign,
    async initialize(req) {
      await insertSandboxPayment(opts.db, {
        reference: req.reference,
        providerTxId: `sbx_${randomBytes(8).toString('hex')}`,
        amountKobo: req.amountKobo,
      });
      return { paymentLink: `${opts.publicUrl.replace(/\/+$/, '')}${sandboxCheckoutPath(req.reference)}` };
    },
    verifySignature(headers, rawBody) {
      const given = header(headers, SANDBOX_SIGNATURE_HEADER);
      return typeof given === 'string' && safeEqual(given.toLowerCase(), sign(rawBody));
    },
    parseWebhook(body): WebhookNotice | null {
      const b = body as { event?: unknown; data?: { id?: unknown; reference?: unknown } } | null;
      if (
        (b?.event !== 'charge.completed' && b?.event !== 'charge.cancelled') ||
        typeof b.data?.reference !== 'string'
      )
        return null;
      return {
        reference: b.data.reference,
        providerTxId: typeof b.data.id === 'string' ? b.data.id : undefined,
      };
    },
    async confirm(notice): Promise<Confirmation> {
      const p = await sandboxPayment(opts.db, notice.reference);
      if (!p)
        return {
          status: 'failed',
          reference: notice.reference,
          amountKobo: 0n,
          currency: 'NGN',
          providerTxId: '',
        };
      return {
        status: p.status === 'paid' ? 'successful' : p.status === 'cancelled' ? 'cancelled' : 'pending',
        reference: p.reference,
        amountKobo: BigInt(p.amount_kobo),
        currency: 'NGN',
        providerTxId: p.provider_tx_id,
      };
    },
  };
}

export const sandboxPayout: PayoutProvider = {
  name: 'sandbox',
  async payout(req) {
    return { providerReference: `sbx_payout_${req.reference}` };
  },
};

/**
 * The sandbox's webhook key: SANDBOX_WEBHOOK_SECRET, or one generated once and kept under
 * DATA_DIR so it survives restarts.
 */
export function sandboxSecret(config: { SANDBOX_WEBHOOK_SECRET?: string; DATA_DIR: string }): string {
  if (config.SANDBOX_WEBHOOK_SECRET) return config.SANDBOX_WEBHOOK_SECRET;
  const dir = join(config.DATA_DIR, 'wallet');
  const file = join(dir, 'sandbox-webhook-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
