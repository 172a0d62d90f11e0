/**
 * Group commit for consumers: what arrives while batches are being written waits and goes in
 * the next batch, so under load many events share one transaction, and an event that comes
 * alone goes at once (no timer to wait out). A batch that fails is handled again one item at
 * a time, in order, so one bad item fails alone and the rest still go through.
 */
export function groupCommit<T>(opts: {
  /** most items in one batch */
  max: number;
  /**
   * batches written at once (default 1); more keeps one stalled batch (a row lock, a slow
   * disk) from holding up everything behind it
   */
  parallel?: number;
  runBatch(items: T[]): Promise<void>;
  runOne(item: T): Promise<void>;
  /** told why a batch fell back to one at a time */
  onBatchError?(err: unknown, size: number): void;
}): (item: T) => Promise<void> {
  type Entry = { item: T; resolve: () => void; reject: (err: unknown) => void };
  const queue: Entry[] = [];
  const parallel = Math.max(1, opts.parallel ?? 1);
  let running = 0;
  let scheduled = false;

  async function write(batch: Entry[]) {
    try {
      await opts.runBatch(batch.map((b) => b.item));
      for (const b of batch) b.resolve();
    } catch (err) {
      opts.onBatchError?.(err, batch.length);
      for (const b of batch) {
        try {
          await opts.runOne(b.item);
          b.resolve();
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
    new Promise<void>((resolve, reject) => {
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
