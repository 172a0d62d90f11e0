import { describe, expect, it, vi } from 'vitest';
import { shouldCollect, startIdleCollector } from './idle-collector';

const MiB = 2 ** 20;

describe('shouldCollect', () => {
  it('collects once the process is quiet (its live games and rounds only) and its heap has grown since the last collection', () => {
    expect(shouldCollect({ cpuMs: 500, elapsedMs: 5_000, heapUsed: 200 * MiB }, 80 * MiB)).toBe(true);
  });

  it('never while the process works: a full collection would pause its requests', () => {
    expect(shouldCollect({ cpuMs: 1_500, elapsedMs: 5_000, heapUsed: 200 * MiB }, 80 * MiB)).toBe(false);
  });

  it('not when the heap has grown little', () => {
    expect(shouldCollect({ cpuMs: 10, elapsedMs: 5_000, heapUsed: 100 * MiB }, 80 * MiB)).toBe(false);
  });
});

describe('startIdleCollector', () => {
  it('collects at the first quiet look, then only when the heap has grown since', async () => {
    // the process as the collector reads it: busy and growing for two looks, then quiet
    const readings = [
      { cpuMs: 0, heapUsed: 80 * MiB }, // at start, busy from then on
      { cpuMs: 50, heapUsed: 150 * MiB }, // busy (50 ms of 50)
      { cpuMs: 100, heapUsed: 200 * MiB }, // busy
      { cpuMs: 101, heapUsed: 200 * MiB }, // quiet, grown by 120 MiB: collect
      { cpuMs: 160, heapUsed: 85 * MiB }, // read right after the collection
      { cpuMs: 161, heapUsed: 86 * MiB }, // quiet, nothing grown
      { cpuMs: 300, heapUsed: 130 * MiB }, // busy again
      { cpuMs: 301, heapUsed: 130 * MiB }, // quiet, grown by 45 MiB: collect
      { cpuMs: 330, heapUsed: 84 * MiB },
      { cpuMs: 331, heapUsed: 84 * MiB },
    ];
    let next = 0;
    const freed: number[] = [];
    const collector = startIdleCollector({
      everyMs: 50,
      gc: () => {},
      read: () => readings[Math.min(next++, readings.length - 1)],
      onCollect: (bytes) => freed.push(bytes),
    });
    // every reading used (a loaded machine may run the timer late)
    await vi.waitFor(() => expect(next).toBeGreaterThan(readings.length), { timeout: 10_000, interval: 50 });
    collector.stop();
    expect(freed).toEqual([115 * MiB, 46 * MiB]);
  });
});
