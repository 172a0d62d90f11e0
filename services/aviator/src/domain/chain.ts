import { isHash, nextLink } from './fairness';

/**
 * The hash chain. link(0) is the secret seed, link(k+1) = SHA-256(link(k)), and link(N) is the
 * terminating hash, published before the first round. Rounds consume the chain from the end:
 * round 1 plays link(N−1), round n plays link(N−n), so a revealed round hash proves every
 * earlier one (hash it forward) and nobody can compute a later one (that would invert SHA-256).
 *
 * Ten million links cannot be kept in memory or in a row each, so the generator keeps one
 * checkpoint every `every` links; a round's link is recomputed from the checkpoint below it
 * (at most `every` hashes, done once per segment and cached).
 */
export interface ChainSpec {
  seed: string;
  length: number;
  /** distance between checkpoints */
  every: number;
}

export interface BuiltChain extends ChainSpec {
  terminatingHash: string;
  /** checkpoints[i] = link(i · every) */
  checkpoints: string[];
}

/**
 * Builds the chain in slices of `slice` links: the caller awaits between slices (the
 * generator yields the links done so far) so a service keeps answering while it builds.
 */
export function* buildChain(spec: ChainSpec, slice = 20_000): Generator<number, BuiltChain> {
  if (!isHash(spec.seed)) throw new Error('the seed must be 32 bytes in hex');
  if (!Number.isInteger(spec.length) || spec.length < 2) throw new Error('the chain needs at least 2 links');
  const checkpoints: string[] = [spec.seed];
  let link = spec.seed;
  for (let k = 1; k <= spec.length; k++) {
    link = nextLink(link);
    if (k % spec.every === 0 && k < spec.length) checkpoints.push(link);
    if (k % slice === 0) yield k;
  }
  return { ...spec, terminatingHash: link, checkpoints };
}

/** Runs `buildChain` to the end synchronously (tests, small chains). */
export function buildChainNow(spec: ChainSpec): BuiltChain {
  const gen = buildChain(spec);
  for (;;) {
    const step = gen.next();
    if (step.done) return step.value;
  }
}

/** Index of the link round `round` (1-based) plays; the chain runs out after length − 1 rounds. */
export function linkIndexOfRound(length: number, round: number): number {
  if (!Number.isInteger(round) || round < 1 || round >= length)
    throw new RangeError(`no link for round ${round}`);
  return length - round;
}

/** Reads links of a built chain, recomputing one segment at a time from its checkpoint. */
export class ChainReader {
  private segStart = -1;
  private segment: string[] = [];

  constructor(
    private readonly chain: Pick<BuiltChain, 'length' | 'every' | 'checkpoints' | 'terminatingHash'>,
  ) {}

  get length() {
    return this.chain.length;
  }

  link(k: number): string {
    if (k === this.chain.length) return this.chain.terminatingHash;
    if (!Number.isInteger(k) || k < 0 || k > this.chain.length) throw new RangeError(`no link ${k}`);
    const start = Math.floor(k / this.chain.every) * this.chain.every;
    if (start !== this.segStart) {
      const seg = [this.chain.checkpoints[start / this.chain.every]];
      const end = Math.min(start + this.chain.every, this.chain.length);
      for (let i = start + 1; i < end; i++) seg.push(nextLink(seg[seg.length - 1]));
      this.segment = seg;
      this.segStart = start;
    }
    return this.segment[k - start];
  }

  /** The hash round `round` (1-based) plays. */
  roundHash(round: number): string {
    return this.link(linkIndexOfRound(this.chain.length, round));
  }
}
