import { type Lease, parts, type ServiceContext } from '@bet/kit';
import { Broadcaster } from './app/broadcaster';
import { ChainKeeper } from './app/chain';
import type { AviatorConfig } from './config';
import type { AviatorDB } from './db/schema';
import type { RoundRow } from './store/db';

/** What this service builds once at start (tests may replace any of it). */
export interface AviatorParts {
  chain: ChainKeeper;
  /** held by the one replica that drives the rounds */
  clockLease: Lease;
  broadcaster: Broadcaster;
  /** the round and its paid total when the cap was last computed (the clock follows it) */
  capWatch: { roundId: string | null; paidCents: string | null };
  /** the latest round as the clock last read it, while its steps are quiet (domain/round.ts) */
  quietRound: RoundRow | null;
}
export type AppContext = ServiceContext<AviatorDB, AviatorConfig> & AviatorParts;

/** Ten million rounds (bustabit's size) in cluster mode; one million embedded, built in a second or two. */
export function chainLength(config: AviatorConfig & { MODE: string }) {
  if (config.AVIATOR_CHAIN_LENGTH > 0) return config.AVIATOR_CHAIN_LENGTH;
  return config.MODE === 'embedded' ? 1_000_000 : 10_000_000;
}

export async function buildContext(
  kit: ServiceContext<AviatorDB, AviatorConfig>,
  overrides: Partial<AviatorParts>,
): Promise<AviatorParts> {
  const chain =
    overrides.chain ??
    new ChainKeeper(
      kit.db,
      {
        length: chainLength(kit.config),
        every: kit.config.AVIATOR_CHAIN_CHECKPOINT_EVERY,
        salt: kit.config.AVIATOR_SALT,
      },
      (err) => kit.logger.error({ err }, 'hash chain not available'),
    );
  kit.onStop(() => chain.stop());
  const clockLease =
    overrides.clockLease ?? kit.lease('aviator-round-clock', { ttlMs: kit.config.AVIATOR_LEASE_TTL_MS });
  return {
    chain,
    clockLease,
    broadcaster: overrides.broadcaster ?? new Broadcaster(),
    capWatch: overrides.capWatch ?? { roundId: null, paidCents: null },
    quietRound: null,
  };
}

export const { route, consumer, responder, listener, job } = parts<AppContext>();
