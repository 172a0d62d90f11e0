// The Cash Out button's amount, from the same clock and formula as the multiplier on screen
// and as the server's payout: m(t) = e^(0.00006·t ms since lift-off), floored to the hundredth,
// and stake × m floored to the cent in whole cents (no floating-point cents).

/** The multiplier in hundredths after `elapsedMs` of flight (the server's domain/multiplier.ts). */
export function hundredthsAfter(elapsedMs: number): number {
  if (elapsedMs <= 0) return 100;
  return Math.floor(100 * Math.exp(0.00006 * elapsedMs) + 1e-9);
}

/** stake × multiplier, floored to the cent: what the server pays for a cash-out at `hundredths`. */
export function payoutCents(stake: number, hundredths: number): number {
  return Math.floor((Math.round(stake * 100) * hundredths) / 100);
}

/**
 * What a cash-out sent now would pay, in dollars: the multiplier at the server's time `serverNow`
 * of a flight that lifted off at `startedAt` (never below the last tick, `shownHundredths`).
 */
export function cashOutAmount(
  stake: number,
  startedAt: number,
  serverNow: number,
  shownHundredths = 100,
): number {
  const h = Math.max(shownHundredths, hundredthsAfter(serverNow - startedAt));
  return payoutCents(stake, h) / 100;
}
