export type ProviderName = 'sandbox' | 'flutterwave' | 'paystack';

export interface CheckoutRequest {
  reference: string;
  amountKobo: bigint;
  customer: { email: string; name: string };
  /** where the provider sends the player back after paying */
  redirectUrl: string;
}

/** What a webhook claims; never trusted before `confirm` asks the provider itself. */
export interface WebhookNotice {
  reference: string;
  /** the provider's own id of the charge, when the webhook carries one */
  providerTxId?: string;
}

export interface Confirmation {
  status: 'successful' | 'failed' | 'cancelled' | 'pending';
  reference: string;
  amountKobo: bigint;
  currency: string;
  providerTxId: string;
}

export type Headers = Record<string, string | string[] | undefined>;

/** A card-payment provider: hosted checkout, signed webhooks, and a verify call. */
export interface PaymentProvider {
  readonly name: ProviderName;
  initialize(req: CheckoutRequest): Promise<{ paymentLink: string }>;
  /** true only when the raw body carries the provider's valid signature */
  verifySignature(headers: Headers, rawBody: Buffer): boolean;
  /** the charge a (verified) webhook is about, or null for events the wallet ignores */
  parseWebhook(body: unknown): WebhookNotice | null;
  confirm(notice: WebhookNotice): Promise<Confirmation>;
}

/** Pays approved withdrawals out. `reference` is the withdrawal id: a retry must not pay twice. */
export interface PayoutProvider {
  readonly name: string;
  payout(req: {
    reference: string;
    userId: string;
    amountCents: bigint;
  }): Promise<{ providerReference: string }>;
}

export class ProviderError extends Error {
  override name = 'ProviderError';
  constructor(
    readonly provider: string,
    msg: string,
    readonly status?: number,
  ) {
    super(msg);
  }
}

export function header(headers: Headers, name: string): string | undefined {
  const v = headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}
