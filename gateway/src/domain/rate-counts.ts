/**
 * Exact rate-limit counts taken together: a batch of requests becomes one increment per
 * counter, and each request gets its own place in the counter's new total.
 */

/** What a count answers: this request's place in the window, and the window's time left. */
export interface Count {
  current: number;
  ttl: number;
}

export interface CountRequest {
  key: string;
  windowMs: number;
}

/** The batch as Redis sees it: each key once, with how many requests to add to it. */
export function planIncrements(requests: CountRequest[]): { keys: string[]; args: number[] } {
  const index = new Map<string, number>();
  const keys: string[] = [];
  const args: number[] = [];
  for (const r of requests) {
    const at = index.get(r.key);
    if (at === undefined) {
      index.set(r.key, keys.length);
      keys.push(r.key);
      args.push(1, r.windowMs);
    } else args[2 * at]! += 1;
  }
  return { keys, args };
}

/**
 * Each request's own count from the counters' new totals: the requests of one key, in their
 * order, take the last places (a total of 12 after adding 3: 10, 11, 12).
 */
export function assignCounts(requests: CountRequest[], keys: string[], totals: number[]): Count[] {
  const left = new Map<string, { next: number; ttl: number }>();
  const added = new Map<string, number>();
  for (const r of requests) added.set(r.key, (added.get(r.key) ?? 0) + 1);
  for (const [i, key] of keys.entries()) {
    const total = totals[2 * i]!;
    left.set(key, { next: total - added.get(key)! + 1, ttl: totals[2 * i + 1]! });
  }
  return requests.map((r) => {
    const slot = left.get(r.key)!;
    return { current: slot.next++, ttl: slot.ttl };
  });
}
