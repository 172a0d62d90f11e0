import { Placement } from './placement';
import { Reconciler } from './reconciler';
import { Settler } from './settlement';
import type { Ctx } from './types';

export interface Runtime {
  settler: Settler;
  placement: Placement;
  reconciler: Reconciler;
}

const runtimes = new WeakMap<object, Runtime>();

/** The long-lived parts of one running service, shared by its routes, consumers and timers. */
export function runtime(ctx: Ctx): Runtime {
  let rt = runtimes.get(ctx);
  if (!rt) {
    const settler = new Settler(ctx);
    const placement = new Placement(ctx, () => settler.nudge());
    rt = { settler, placement, reconciler: new Reconciler(ctx, placement) };
    runtimes.set(ctx, rt);
  }
  return rt;
}
