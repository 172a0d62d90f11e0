import { type ServiceContext, type Static, Type } from '@bet/kit';
import type { WalletDB } from './db/schema';

/** The wallet's own settings, on top of the kit's base config. Documented in the README. */
export const walletConfig = {
  /** Naira per US dollar used to convert deposits; cents are rounded down. */
  NGN_PER_USD: Type.Number({ default: 1500, exclusiveMinimum: 0, maximum: 1_000_000 }),
  /** Which card-payment provider takes deposits. */
  PAYMENT_PROVIDER: Type.Union(
    [Type.Literal('sandbox'), Type.Literal('flutterwave'), Type.Literal('paystack')],
    {
      default: 'sandbox',
    },
  ),
  /**
   * The sandbox mints money for anyone who presses Pay: in production (NODE_ENV=production,
   * not embedded) the wallet refuses to start with it unless this says so explicitly.
   */
  ALLOW_SANDBOX_PAYMENTS: Type.Boolean({ default: false }),
  FLUTTERWAVE_SECRET_KEY: Type.Optional(Type.String()),
  /** the "secret hash" set in the Flutterwave dashboard; sent back in the verif-hash header */
  FLUTTERWAVE_WEBHOOK_HASH: Type.Optional(Type.String()),
  FLUTTERWAVE_API_URL: Type.String({ default: 'https://api.flutterwave.com' }),
  PAYSTACK_SECRET_KEY: Type.Optional(Type.String()),
  PAYSTACK_API_URL: Type.String({ default: 'https://api.paystack.co' }),
  /** HMAC key of the sandbox provider's webhooks; generated once under DATA_DIR when unset */
  SANDBOX_WEBHOOK_SECRET: Type.Optional(Type.String({ minLength: 16 })),
  /** minutes between two scheduled ledger reconciliations (one replica runs them; 0: off) */
  RECONCILE_EVERY_MINUTES: Type.Number({ default: 15, minimum: 0, maximum: 24 * 60 }),
  /** Who pays approved withdrawals out. Only the sandbox exists so far. */
  PAYOUT_PROVIDER: Type.Union([Type.Literal('sandbox')], { default: 'sandbox' }),
  /**
   * Four-eyes: once what one admin moves on one wallet in a UTC day (adjustments and closed
   * wallets' payouts, either sign, summed) would exceed this many dollars, the movement is only
   * a request until a second admin approves it. 0 sends every adjustment for approval.
   */
  ADJUSTMENT_APPROVAL_THRESHOLD: Type.Number({ default: 1000, ngnDefault: 1_000_000, minimum: 0 }),
  /**
   * Four-eyes on withdrawals: one above this many dollars (or one that admin credits pay for)
   * needs the approvals of two different admins.
   */
  WITHDRAWAL_APPROVAL_THRESHOLD: Type.Number({ default: 1000, ngnDefault: 1_000_000, minimum: 0 }),
  /** timeout of every call to a payment provider */
  PROVIDER_TIMEOUT_MS: Type.Integer({ default: 10_000, minimum: 100 }),
  /**
   * Test hook for the crash test: stall a money command before its commit or after it
   * (before the reply) so the process can be killed there. Ignored when NODE_ENV=production.
   */
  WALLET_FAILPOINT: Type.Optional(Type.Union([Type.Literal('before_commit'), Type.Literal('after_commit')])),
};

const WalletConfigSchema = Type.Object(walletConfig);
export type WalletConfig = Static<typeof WalletConfigSchema>;

/**
 * The kit's part of the context: what the objects `context.ts` builds receive. It lives here,
 * not in context.ts, so that those objects never import the module that builds them.
 */
export type KitContext = ServiceContext<WalletDB, WalletConfig>;
