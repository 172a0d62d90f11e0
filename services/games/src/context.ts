import { parts } from '@bet/kit';
import { rebaseLogoUrls } from './app/logo-urls';
import { SimulatorRunner } from './app/simulator';
import { SyncService } from './app/sync';
import type { GamesConfig, KitContext } from './config';
import type { Actor } from './domain/actor';

export type { Actor, GamesConfig, KitContext };

/** What this service builds once at start (tests may replace any of it). */
export interface GamesParts {
  /** the real providers: on-demand and scheduled syncs */
  sync: SyncService;
  /** the built-in feed; null unless GAMES_PROVIDER=simulator */
  simulator: SimulatorRunner | null;
  /** games this replica has recorded bets on (see app/interest.ts) */
  interestRecorded: Set<string>;
}
export type AppContext = KitContext & GamesParts;

export async function buildContext(kit: KitContext, overrides: Partial<GamesParts>): Promise<GamesParts> {
  const c = kit.config;
  if (c.GAMES_PROVIDER === 'apifootball' && !c.API_FOOTBALL_KEY) {
    throw new Error('Invalid configuration:\n  GAMES_PROVIDER=apifootball needs API_FOOTBALL_KEY');
  }
  if (c.GAMES_PROVIDER === 'allsportsapi' && !c.ALLSPORTS_API_KEY) {
    throw new Error('Invalid configuration:\n  GAMES_PROVIDER=allsportsapi needs ALLSPORTS_API_KEY');
  }
  await rebaseLogoUrls(kit);
  const sync = overrides.sync ?? new SyncService(kit);
  kit.onStop(() => sync.stop());
  const simulator =
    overrides.simulator !== undefined
      ? overrides.simulator
      : c.GAMES_PROVIDER === 'simulator'
        ? new SimulatorRunner(kit)
        : null;
  if (simulator) {
    kit.onStop(() => simulator.stop());
    // embedded: a newcomer sees a full catalogue (upcoming, live, finished) at once
    if (c.MODE === 'embedded')
      await simulator.tick().catch((err) => kit.logger.error({ err }, 'simulator tick failed'));
  }
  return { sync, simulator, interestRecorded: overrides.interestRecorded ?? new Set() };
}

export const { route, consumer, responder, listener, job } = parts<AppContext>();
