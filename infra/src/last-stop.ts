import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * What the embedded platform knew of its in-memory bus when it last stopped cleanly. The bus
 * forgets everything with the process, so a start replays kept outbox rows: after a crash the
 * last `CRASH_REPLAY_MS`, after a clean stop only from the oldest event a consumer had not
 * finished (often nothing at all).
 */
export interface StopRecord {
  stoppedAt: string;
  /** `occurredAt` of the oldest event some consumer had not finished; null: none */
  oldestUnhandled: string | null;
}

export const CRASH_REPLAY_MS = 15 * 60_000;

const fileIn = (dataDir: string) => join(dataDir, 'last-stop.json');

/** Where a start's replay begins; undefined when there is nothing to replay. */
export function replayFrom(record: StopRecord | undefined, now: number): Date | undefined {
  if (!record) return new Date(now - CRASH_REPLAY_MS);
  return record.oldestUnhandled === null ? undefined : new Date(record.oldestUnhandled);
}

/** The record the last clean stop left, or undefined (none, or unreadable: treated as a crash). */
export function readStopRecord(dataDir: string): StopRecord | undefined {
  try {
    const record = JSON.parse(readFileSync(fileIn(dataDir), 'utf8')) as Partial<StopRecord>;
    const valid =
      typeof record.stoppedAt === 'string' &&
      (record.oldestUnhandled === null ||
        (typeof record.oldestUnhandled === 'string' && !Number.isNaN(Date.parse(record.oldestUnhandled))));
    return valid ? (record as StopRecord) : undefined;
  } catch {
    return undefined;
  }
}

export function writeStopRecord(dataDir: string, record: StopRecord) {
  writeFileSync(fileIn(dataDir), `${JSON.stringify(record)}\n`);
}

/** Once a start has replayed: a crash from then on must replay again. */
export function forgetStopRecord(dataDir: string) {
  rmSync(fileIn(dataDir), { force: true });
}
