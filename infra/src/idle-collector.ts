import { getHeapStatistics } from 'node:v8';

/**
 * The embedded mode's memory after a burst of use (decision 007). With a small young generation
 * (`--max-semi-space-size=2`), a burst promotes much short-lived garbage into the old space,
 * and V8 runs no full collection until that space reaches its next limit: after 10 s of reads
 * the process stayed at 384–426 MiB at rest, 120 MiB of it dead objects. So when the process has
 * gone quiet and its heap has grown since the last collection, it collects once (50–80 ms).
 * Quiet is relative: at rest the platform still runs its live games, Aviator rounds and outbox
 * polls (about a tenth of a core); under any real load it uses most of one.
 */

export interface IdleSample {
  /** CPU the process used since the previous sample, in milliseconds */
  cpuMs: number;
  /** milliseconds since the previous sample */
  elapsedMs: number;
  /** bytes of the JavaScript heap in use now */
  heapUsed: number;
}

export interface IdleCollectorPolicy {
  /** at most this share of one core over the interval counts as quiet */
  quietShare: number;
  /** collect only when the heap in use has grown this much since the last collection */
  growthBytes: number;
}

export const IDLE_COLLECTOR_POLICY: IdleCollectorPolicy = { quietShare: 0.25, growthBytes: 32 * 1024 * 1024 };

/** Whether to collect now, given the heap in use right after the last collection (0 before the first). */
export function shouldCollect(
  sample: IdleSample,
  heapAfterLast: number,
  policy = IDLE_COLLECTOR_POLICY,
): boolean {
  const quiet = sample.cpuMs <= sample.elapsedMs * policy.quietShare;
  return quiet && sample.heapUsed - heapAfterLast >= policy.growthBytes;
}

/** what the collector reads at each look: CPU used so far and the heap in use, both in bytes and ms */
export interface ProcessReading {
  cpuMs: number;
  heapUsed: number;
}

const readProcess = (): ProcessReading => {
  const cpu = process.cpuUsage();
  return { cpuMs: (cpu.user + cpu.system) / 1000, heapUsed: getHeapStatistics().used_heap_size };
};

/**
 * Looks every `everyMs` and collects when `shouldCollect` says so. Needs `gc` (node
 * `--expose-gc`, which `npm start` passes); without it this does nothing.
 */
export function startIdleCollector(opts: {
  everyMs?: number;
  gc?: () => void;
  read?: () => ProcessReading;
  onCollect?: (freedBytes: number, tookMs: number) => void;
}): { stop(): void } {
  const gc = opts.gc ?? (globalThis as { gc?: () => void }).gc;
  if (!gc) return { stop() {} };
  const read = opts.read ?? readProcess;
  let last = read();
  // nothing collected yet: the start's own garbage goes at the first quiet look
  let heapAfterLast = 0;
  let at = performance.now();
  const timer = setInterval(() => {
    const now = read();
    const took = performance.now();
    const sample = { cpuMs: now.cpuMs - last.cpuMs, elapsedMs: took - at, heapUsed: now.heapUsed };
    if (shouldCollect(sample, heapAfterLast)) {
      gc();
      // the collection's own CPU is not the platform's work
      last = read();
      heapAfterLast = last.heapUsed;
      opts.onCollect?.(sample.heapUsed - heapAfterLast, performance.now() - took);
    } else {
      last = now;
      // V8 collected by itself: growth counts from there
      heapAfterLast = Math.min(heapAfterLast, now.heapUsed);
    }
    at = performance.now();
  }, opts.everyMs ?? 2_000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
