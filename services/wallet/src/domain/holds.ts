export interface Hold {
  reference: string;
  amount: bigint;
}

export type HoldSplit = { ok: true; holds: Hold[] } | { ok: false; msg: string };

/**
 * Where a stake is held while in play. By default all of it under the debit's reference;
 * singles placed together are one debit (all or none) held per bet, so each bet's
 * settlement releases its own stake.
 */
export function splitHolds(
  amount: bigint,
  reference: string,
  holds?: ReadonlyArray<{ reference: string; amountCents: number }>,
): HoldSplit {
  if (!holds) return { ok: true, holds: [{ reference, amount }] };
  const seen = new Set<string>();
  let total = 0n;
  for (const h of holds) {
    if (seen.has(h.reference)) return { ok: false, msg: `holds name ${h.reference} twice` };
    seen.add(h.reference);
    total += BigInt(h.amountCents);
  }
  if (total !== amount) return { ok: false, msg: `holds sum to ${total}, not amountCents ${amount}` };
  return { ok: true, holds: holds.map((h) => ({ reference: h.reference, amount: BigInt(h.amountCents) })) };
}
