import { parts } from '@bet/kit';
import { perKeyQueue } from './app/per-key-queue';
import type { KitContext } from './config';
import { createProviders, type Providers } from './providers';

/** What the wallet builds once at start (tests may replace any of it). */
export interface WalletParts {
  /** the configured payment and payout providers; a real one without its keys stops the start */
  providers: Providers;
  /** runs the money events of one bet one after another, in delivery order (this process only) */
  betOrder: (betId: string, task: () => Promise<void>) => Promise<void>;
}
export type { KitContext };
export type AppContext = KitContext & WalletParts;

export function buildContext(kit: KitContext, overrides: Partial<WalletParts>): WalletParts {
  return {
    providers: overrides.providers ?? createProviders(kit),
    betOrder: overrides.betOrder ?? perKeyQueue(),
  };
}

export const { route, consumer, responder, listener, job } = parts<AppContext>();
