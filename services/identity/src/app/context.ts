import type { BlockList } from 'node:net';
import type { Revocations, ServiceContext } from '@bet/kit';
import type { Mailer } from '../adapters/mailer';
import type { PasswordHasher } from '../adapters/passwords';
import type { Throttle } from '../adapters/throttle';
import type { SessionTokens } from '../adapters/tokens';
import type { IdentityOwnConfig } from '../config';
import type { IdentityDB } from '../db/schema';
import type { Clock } from '../domain/clock';
import type { ThrottlePolicy } from '../domain/throttle';

export type IdentityConfig = IdentityOwnConfig;
export type IdentityCtx = ServiceContext<IdentityDB, IdentityConfig>;

/** Everything the use cases need, built once at start. */
export interface Identity {
  ctx: IdentityCtx;
  clock: Clock;
  tokens: SessionTokens;
  /** the shared revocation list every verifier reads */
  revocations: Revocations;
  /** a refresh token unused for this long is refused */
  refreshIdleMs: number;
  hasher: PasswordHasher;
  mailer: Mailer;
  throttle: Throttle;
  proxies: BlockList;
  background: Background;
  policies: { pair: ThrottlePolicy; ip: ThrottlePolicy; passwordCheck: ThrottlePolicy };
  coolingOffMs: number;
  resetTtlMs: number;
}

/**
 * Work that must not delay an answer (sending mail would otherwise tell, by its timing,
 * whether an address has an account). Stopping the service waits for it.
 */
export class Background {
  private readonly running = new Set<Promise<unknown>>();
  constructor(private readonly onError: (err: unknown, what: string) => void) {}
  run(what: string, fn: () => Promise<unknown>) {
    const p: Promise<unknown> = fn()
      .catch((err) => this.onError(err, what))
      .finally(() => this.running.delete(p));
    this.running.add(p);
  }
  async drain() {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }
}
