import { randomBytes } from 'node:crypto';
import { buildChain, ChainReader } from '../domain/chain';
import { loadChain, type StoredChain, saveChain } from '../store/chain';
import type { Db } from '../store/db';

export interface ChainView {
  reader: ChainReader;
  salt: string;
  terminatingHash: string;
  length: number;
}

/**
 * The service's one hash chain: read from the database, or built once (the first replica
 * to finish stores it, the others adopt it). Building ten million links takes tens of
 * seconds, so it runs in slices in the background; rounds start when it is ready.
 */
export class ChainKeeper {
  private view: ChainView | null = null;
  private stopped = false;
  readonly ready: Promise<ChainView>;

  constructor(
    private readonly db: Db,
    private readonly spec: { length: number; every: number; salt: string },
    onError: (err: unknown) => void = () => {},
  ) {
    this.ready = this.open();
    this.ready.catch(onError);
  }

  /** The chain, or null while it is still being built. */
  get current(): ChainView | null {
    return this.view;
  }

  stop() {
    this.stopped = true;
  }

  private async open(): Promise<ChainView> {
    const stored = (await loadChain(this.db)) ?? (await saveChain(this.db, await this.build()));
    this.view = {
      reader: new ChainReader(stored),
      salt: stored.salt,
      terminatingHash: stored.terminatingHash,
      length: stored.length,
    };
    return this.view;
  }

  private async build(): Promise<StoredChain> {
    const every = Math.min(this.spec.every, this.spec.length);
    const gen = buildChain({ seed: randomBytes(32).toString('hex'), length: this.spec.length, every });
    for (;;) {
      const step = gen.next();
      if (step.done) return { ...step.value, salt: this.spec.salt || randomBytes(32).toString('hex') };
      if (this.stopped) throw new Error('stopped while building the hash chain');
      // let requests and the lease through between slices
      await new Promise((r) => setImmediate(r));
      // another replica may have finished first: adopt its chain
      if (step.value % 1_000_000 === 0) {
        const other = await loadChain(this.db);
        if (other) return other;
      }
    }
  }
}
