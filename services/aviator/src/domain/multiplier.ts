/**
 * The multiplier of a running round is a function of server time since lift-off only,
 * m(t) = e^(0.00006 · t) with t in milliseconds (bustabit's curve: 2x after about 11.55 s,
 * 10x after about 38.4 s). It is shown and paid rounded down to the hundredth.
 */
export const GROWTH_PER_MS = 0.00006;

/** Multiplier in hundredths (floor) after `elapsedMs` of flight. */
export function multiplierAt(elapsedMs: number): number {
  if (elapsedMs <= 0) return 100;
  return Math.floor(100 * Math.exp(GROWTH_PER_MS * elapsedMs) + 1e-9);
}

/** The first whole millisecond of flight at which the shown multiplier reaches `hundredths`. */
export function msToReach(hundredths: number): number {
  if (hundredths <= 100) return 0;
  let t = Math.max(0, Math.floor(Math.log(hundredths / 100) / GROWTH_PER_MS) - 1);
  while (multiplierAt(t) < hundredths) t += 1;
  return t;
}

/** stake × multiplier rounded down to the cent, exactly (integer arithmetic). */
export function payoutOf(stakeCents: bigint, multiplierHundredths: number): bigint {
  return (stakeCents * BigInt(multiplierHundredths)) / 100n;
}
