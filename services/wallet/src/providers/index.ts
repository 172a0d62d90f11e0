import { ConfigError } from '@bet/kit';
import type { KitContext } from '../config';
import { flutterwaveProvider } from './flutterwave';
import { paystackProvider } from './paystack';
import { type SandboxProvider, sandboxPayout, sandboxProvider, sandboxSecret } from './sandbox';
import type { PaymentProvider, PayoutProvider } from './types';

export interface Providers {
  payment: PaymentProvider;
  /** set when the payment provider is the sandbox (its checkout routes need it) */
  sandbox: SandboxProvider | null;
  payout: PayoutProvider;
}

/** Outside development (NODE_ENV=production, not the embedded mode) the sandbox must be allowed explicitly. */
export function sandboxRefused(c: {
  NODE_ENV: string;
  MODE: string;
  PAYMENT_PROVIDER: string;
  ALLOW_SANDBOX_PAYMENTS: boolean;
}): boolean {
  return (
    c.PAYMENT_PROVIDER === 'sandbox' &&
    c.NODE_ENV === 'production' &&
    c.MODE !== 'embedded' &&
    !c.ALLOW_SANDBOX_PAYMENTS
  );
}

/** Builds the configured providers; a real provider without its keys stops the start with a clear message. */
export function createProviders(ctx: KitContext): Providers {
  const c = ctx.config;
  const timeoutMs = c.PROVIDER_TIMEOUT_MS;
  const missing = (names: string[]) =>
    new ConfigError(
      `Invalid configuration:\n${names.map((n) => `  ${n}: is required when PAYMENT_PROVIDER=${c.PAYMENT_PROVIDER}`).join('\n')}`,
    );
  switch (c.PAYMENT_PROVIDER) {
    case 'flutterwave': {
      const absent = ['FLUTTERWAVE_SECRET_KEY', 'FLUTTERWAVE_WEBHOOK_HASH'].filter(
        (k) => !c[k as keyof typeof c],
      );
      if (absent.length > 0) throw missing(absent);
      return {
        payment: flutterwaveProvider({
          secretKey: c.FLUTTERWAVE_SECRET_KEY!,
          webhookHash: c.FLUTTERWAVE_WEBHOOK_HASH!,
          apiUrl: c.FLUTTERWAVE_API_URL,
          timeoutMs,
        }),
        sandbox: null,
        payout: sandboxPayout,
      };
    }
    case 'paystack': {
      if (!c.PAYSTACK_SECRET_KEY) throw missing(['PAYSTACK_SECRET_KEY']);
      return {
        payment: paystackProvider({
          secretKey: c.PAYSTACK_SECRET_KEY,
          apiUrl: c.PAYSTACK_API_URL,
          timeoutMs,
        }),
        sandbox: null,
        payout: sandboxPayout,
      };
    }
    default: {
      if (sandboxRefused(c))
        throw new ConfigError(
          'Invalid configuration:\n  PAYMENT_PROVIDER: the sandbox provider credits money without a real payment; configure flutterwave or paystack, or set ALLOW_SANDBOX_PAYMENTS=true to run it in production on purpose',
        );
      const sandbox = sandboxProvider({ db: ctx.db, secret: sandboxSecret(c), publicUrl: c.PUBLIC_URL });
      return { payment: sandbox, sandbox, payout: sandboxPayout };
    }
  }
}
