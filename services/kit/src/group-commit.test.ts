import { describe, expect, it } from 'vitest';
import { groupCommit } from './group-commit';

describe('groupCommit', () => {
  it('puts what arrives together in one batch, and what arrives during a batch in the next', async () => {
    const batches: number[][] = [];
    let release: () => void = () => {};
    const add = groupCommit<number>({
      max: 10,
      runBatch: async (items) => {
        batches.push(items);
        if (batches.length === 1) await new Promise<void>((r) => (release = r));
        return items.map(() => undefined);
      },
      runOne: async () => {
        throw new Error('not expected');
      },
    });
    const first = [1, 2, 3].map(add);
    await new Promise((r) => setImmediate(r));
    const second = [4, 5].map(add);
    release();
    await Promise.all([...first, ...second]);
    expect(batches).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
  });

  it('splits at max', async () => {
    const sizes: number[] = [];
    const add = groupCommit<number>({
      max: 4,
      runBatch: async (items) => {
        sizes.push(items.length);
        return items.map(() => undefined);
      },
      runOne: async () => {},
    });
    await Promise.all(Array.from({ length: 10 }, (_, i) => add(i)));
    expect(sizes).toEqual([4, 4, 2]);
  });

  it('writes up to `parallel` batches at once, so a stalled batch does not hold up the next', async () => {
    const done: number[][] = [];
    let release: () => void = () => {};
    const add = groupCommit<number>({
      max: 10,
      parallel: 2,
      runBatch: async (items) => {
        if (items.includes(1)) await new Promise<void>((r) => (release = r));
        done.push(items);
        return items.map(() => undefined);
      },
      runOne: async () => {},
    });
    const stalled = add(1);
    await new Promise((r) => setImmediate(r));
    await add(2);
    expect(done).toEqual([[2]]);
    release();
    await stalled;
    expect(done).toEqual([[2], [1]]);
  });

  it('with lanes, never writes one key in two batches at once, and keeps the other lane going', async () => {
    const running = new Set<string>();
    const clashes: string[] = [];
    const batches: string[][] = [];
    let release: () => void = () => {};
    const add = groupCommit<string>({
      max: 100,
      parallel: 2,
      laneOf: (item) => item.split(':')[0]!,
      runBatch: async (items) => {
        const keys = new Set(items.map((i) => i.split(':')[0]!));
        for (const k of keys) if (running.has(k)) clashes.push(k);
        for (const k of keys) running.add(k);
        if (items.includes('a:stall')) await new Promise<void>((r) => (release = r));
        else await new Promise((r) => setImmediate(r));
        batches.push(items);
        for (const k of keys) running.delete(k);
        return items.map(() => undefined);
      },
      runOne: async () => {},
    });
    const stalled = add('a:stall');
    await new Promise((r) => setImmediate(r));
    const later = Array.from({ length: 20 }, (_, i) => add(`a:${i}`));
    // keys in the other lane than a's go on while a's lane is stalled
    const free = ['b', 'c', 'd', 'e', 'f', 'g', 'h'].map((k) => add(`${k}:1`));
    // the sentinel: the first of them written (some share a's lane and wait, the others do not)
    await Promise.race(free);
    // a's later items wait for a's stalled batch: none of them was written beside it
    expect(batches.flat().filter((i) => i.startsWith('a:'))).toEqual([]);
    expect(batches.length).toBeGreaterThan(0);
    release();
    await Promise.all([stalled, ...later, ...free]);
    expect(clashes).toEqual([]);
    expect(batches.flat()).toHaveLength(1 + 20 + 7);
    // a's items in order: the stalled one first, the rest after it in arrival order
    expect(batches.flat().filter((i) => i.startsWith('a:'))).toEqual([
      'a:stall',
      ...Array.from({ length: 20 }, (_, i) => `a:${i}`),
    ]);
  });

  it('answers each item with its own result, from the batch or from its retry alone', async () => {
    const add = groupCommit<number, string>({
      max: 10,
      runBatch: async (items) => {
        if (items.includes(13)) throw new Error('unlucky batch');
        return items.map((n) => `batch ${n}`);
      },
      runOne: async (n) => `alone ${n}`,
    });
    expect(await Promise.all([1, 2].map(add))).toEqual(['batch 1', 'batch 2']);
    expect(await Promise.all([3, 13].map(add))).toEqual(['alone 3', 'alone 13']);
  });

  it('handles a failed batch one item at a time, in order, failing only the bad item', async () => {
    const one: number[] = [];
    const errors: number[] = [];
    const add = groupCommit<number>({
      max: 10,
      runBatch: async () => {
        throw new Error('batch');
      },
      runOne: async (n) => {
        one.push(n);
        if (n === 2) throw new Error('bad');
      },
      onBatchError: (_err, size) => void errors.push(size),
    });
    const results = await Promise.allSettled([1, 2, 3].map(add));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(one).toEqual([1, 2, 3]);
    expect(errors).toEqual([3]);
  });
});
