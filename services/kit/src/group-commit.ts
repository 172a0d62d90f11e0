/**
 * Group commit for consumers: what arrives while batches are being written waits and goes in
 * the next batch, so under load many events share one transaction, and an event that comes
 * alone goes at once (no timer to wait out). A batch that fails is handled again one item at
 * a time, in order, so one bad item fails alone and the rest still go through. The same
 * shape coalesces reads: requests asking at the same moment share one query.
 */
export function groupCommit<T, R = void>(opts: {
  /** most items in one batch */
  max: number;
  /**
   * batches written at once (default 1); more keeps one stalled batch (a row lock, a slow
   * disk) from holding up everything behind it
   */
  parallel?: number;
  /** each item's result, in the items' order */
  runBatch(items: T[]): Promise<R[]>;
  runOne(item: T): Promise<R>;
  /** told why a batch fell back to one at a time */
  onBatchError?(err: unknown, size: number): void;
  /**
   * Splits the work into `parallel` lanes by this key, each writing one batch at a time:
   * items of one key (e.g. one user's wallet) never sit in two batches written at once, so
   * parallel batches do not wait on each other's row locks.
   */
  laneOf?(item: T): string;
}): (item: T) => Promise<R> {
  type Entry = { item: T; resolve: (result: R) => void; reject: (err: unknown) => void };
  const parallel = Math.max(1, opts.parallel ?? 1);
  // without lanes: one queue that `parallel` batches draw from; with them: a queue per lane
  const lanes = Array.from({ length: opts.laneOf ? parallel : 1 }, () => ({
    queue: [] as Entry[],
    running: 0,
    limit: opts.laneOf ? 1 : parallel,
  }));
  let scheduled = false;

  async function write(batch: Entry[]) {
    try {
      const results = await opts.runBatch(batch.map((b) => b.item));
      if (results.length !== batch.length) throw new Error('a batch answered a different number of items');
      for (const [i, b] of batch.entries()) b.resolve(results[i] as R);
    } catch (err) {
      opts.onBatchError?.(err, batch.length);
      for (const b of batch) {
        try {
          b.resolve(await opts.runOne(b.item));
        } catch (e) {
          b.reject(e);
        }
      }
    }
  }

  function pump() {
    for (const lane of lanes) {
      while (lane.running < lane.limit && lane.queue.length > 0) {
        lane.running++;
        void write(lane.queue.splice(0, opts.max)).finally(() => {
          lane.running--;
          pump();
        });
      }
    }
  }

  return (item) =>
    new Promise<R>((resolve, reject) => {
      const lane = lanes[opts.laneOf ? laneIndex(opts.laneOf(item), lanes.length) : 0]!;
      lane.queue.push({ item, resolve, reject });
      if (scheduled || lane.running >= lane.limit) return;
      scheduled = true;
      // the rest of this burst of deliveries joins the same batch
      setImmediate(() => {
        scheduled = false;
        pump();
      });
    });
}

/** The lane a key goes in, of `lanes` (FNV-1a: a cheap, stable spread of keys over the lanes). */
export function laneIndex(key: string, lanes: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return (h >>> 0) % lanes;
}
