/**
 * Work that must not delay an answer (sending mail would otherwise tell, by its timing,
 * whether an address has an account). Stopping the service waits for it.
 */
export class Background {
  private readonly running = new Set<Promise<unknown>>();
  constructor(private readonly onError: (err: unknown, what: string) => void) {}
  run(what: string, fn: () => Promise<unknown>) {
    const p: Promise<unknown> = fn()
      .catch((err) => this.onError(err, what))
      .finally(() => this.running.delete(p));
    this.running.add(p);
  }
  async drain() {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }
}
