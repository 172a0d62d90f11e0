/**
 * Aviator ticks are superseded by the next one. When the gateway falls behind (a broadcast
 * to every socket takes longer than the 100 ms between ticks), the ticks waiting in its NATS
 * buffer are folded into the newest before one is sent, rather than sent one after another
 * ever later. Other events are never folded: they discard a tick still waiting, which belongs
 * to the phase they end.
 */
export class TickCoalescer<T> {
  private waiting: { tick: T } | null = null;
  private scheduled = false;

  constructor(private readonly send: (tick: T) => void) {}

  tick(tick: T) {
    this.waiting = { tick };
    if (this.scheduled) return;
    this.scheduled = true;
    // after the messages already read from the bus have all been handed over
    setImmediate(() => {
      this.scheduled = false;
      const waiting = this.waiting;
      this.waiting = null;
      if (waiting) this.send(waiting.tick);
    });
  }

  /** another event is about to be sent */
  discard() {
    this.waiting = null;
  }
}
