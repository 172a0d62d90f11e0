/**
 * Runs tasks with the same key one at a time, in the order they were queued (the kit calls
 * the handler in delivery order). A failed task does not hold the next one back: it is
 * redelivered later, as it would be without concurrency.
 */
export function perKeyQueue() {
  const tails = new Map<string, Promise<void>>();
  return (key: string, task: () => Promise<void>): Promise<void> => {
    const run = (tails.get(key) ?? Promise.resolve()).then(task);
    const tail = run.catch(() => {});
    tails.set(key, tail);
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    return run;
  };
}
