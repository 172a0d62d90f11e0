import { parts } from '@bet/kit';
import { LiveMarkets } from './app/live-markets';
import { Placement } from './app/placement';
import { Reconciler } from './app/reconciler';
import { Settler } from './app/settlement';
import type { KitContext } from './config';

export type { KitContext };

/** What this service builds once at start (tests may replace any of it). */
export interface BettingParts {
  /** evaluates bets flagged by results, cancellations and late-decided legs */
  settler: Settler;
  /** the placement saga: record unpaid → debit the wallet → accept or reject */
  placement: Placement;
  /** finishes placements a crash or a silent wallet left half done, and owed refunds */
  reconciler: Reconciler;
  /** asks the games service to confirm live prices before a bet or a cash-out */
  liveMarkets: LiveMarkets;
}
export type AppContext = KitContext & BettingParts;

export async function buildContext(kit: KitContext, overrides: Partial<BettingParts>): Promise<BettingParts> {
  const settler = overrides.settler ?? new Settler(kit);
  const liveMarkets = overrides.liveMarkets ?? new LiveMarkets(kit);
  const placement = overrides.placement ?? new Placement(kit, liveMarkets, () => settler.nudge());
  const reconciler = overrides.reconciler ?? new Reconciler(kit, placement);
  kit.onStop(() => reconciler.stop());
  // a settlement pass in flight finishes before the database closes (the jobs stop first)
  kit.onStop(async () => {
    await settler.drain().catch(() => {});
  });
  return { settler, placement, reconciler, liveMarkets };
}

export const { route, consumer, responder, listener, job } = parts<AppContext>();
