import type { AppContext } from '../context';
import { type SandboxCheckout, sandboxCheckout, settleSandboxPayment } from '../store/sandbox-payments';

export type { SandboxCheckout } from '../store/sandbox-payments';

/** A sandbox charge with the deposit it pays (undefined: unknown reference). */
export function checkoutOf(ctx: AppContext, reference: string): Promise<SandboxCheckout | undefined> {
  return sandboxCheckout(ctx.db, reference);
}

/**
 * The sandbox plays the provider: Pay or Cancel settles its own record of a pending charge
 * (true when this call settled it); the webhook to the wallet follows.
 */
export function settleCheckout(
  ctx: AppContext,
  reference: string,
  status: 'paid' | 'cancelled',
): Promise<boolean> {
  return settleSandboxPayment(ctx.db, reference, status);
}
