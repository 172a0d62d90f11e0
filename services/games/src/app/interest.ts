import type { AppContext } from '../context';
import { insertInterest } from '../store/interest';

/** the games a replica remembers having recorded; bounded, since it only saves a write */
const KNOWN_MAX = 50_000;

/**
 * Remembers which games people bet on: the simulator announces every in-play price change
 * of those games, and lets the others' prices move in coarser steps (see domain/live.ts), and
 * keeps them past SIMULATOR_KEEP_HOURS. Only a game's first bet matters, so the write is
 * idempotent by itself and a game this replica has recorded costs nothing: on the hot path of
 * bet placement this used to write one row per bet.
 */
export async function recordInterest(ctx: AppContext, gameIds: readonly string[], placedAt: Date) {
  const known = ctx.interestRecorded;
  const fresh = [...new Set(gameIds)].filter((id) => !known.has(id));
  if (fresh.length === 0) return;
  await insertInterest(ctx.db, fresh, placedAt);
  if (known.size > KNOWN_MAX) known.clear();
  for (const id of fresh) known.add(id);
}
