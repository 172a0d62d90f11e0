/**
 * What this replica's clock last announced, so a state goes out once per change (ticks go
 * out every step). A clock that takes over announces the state it finds: clients joining
 * or reconnecting get it from GET /aviator/state anyway.
 */
export class Broadcaster {
  private last = '';

  /** true the first time this (round, state) is seen */
  changed(roundId: string, state: string): boolean {
    const key = `${roundId}:${state}`;
    if (key === this.last) return false;
    this.last = key;
    return true;
  }
}
