import { tickDue } from '../domain/round';

/**
 * What this replica's clock last announced, so a state goes out once per change (ticks go
 * out every AVIATOR_TICK_PUSH_MS). A clock that takes over announces the state it finds: clients joining
 * or reconnecting get it from GET /aviator/state anyway.
 */
export class Broadcaster {
  private last = '';
  private lastTickAt: number | null = null;

  /** true when a tick is due at `now` (and it is then counted as sent), see domain/round.ts tickDue */
  tick(now: number, everyMs: number, stepMs: number): boolean {
    if (!tickDue(this.lastTickAt, now, everyMs, stepMs)) return false;
    this.lastTickAt = now;
    return true;
  }

  /** true the first time this (round, state) is seen */
  changed(roundId: string, state: string): boolean {
    const key = `${roundId}:${state}`;
    if (key === this.last) return false;
    this.last = key;
    return true;
  }
}
