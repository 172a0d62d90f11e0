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
}): (item: T) => Promise<R> {
  type Entry = { item: T; resolve: (result: R) => void; reject: (err: unknown) => void };
  const queue: Entry[] = [];
  const parallel = Math.max(1, opts.parallel ?? 1);
  let running = 0;
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
    while (running < parallel && queue.length > 0) {
      running++;
      void write(queue.splice(0, opts.max)).finally(() => {
        running--;
        pump();
      });
    }
  }

  return (item) =>
    new Promise<R>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (scheduled || running >= parallel) return;
      scheduled = true;
      // the rest of this burst of deliveries joins the same batch
      setImmediate(() => {
        scheduled = false;
        pump();
      });
    });
}
