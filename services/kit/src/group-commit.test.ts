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
