import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CRASH_REPLAY_MS, forgetStopRecord, readStopRecord, replayFrom, writeStopRecord } from './last-stop';

describe('where a start replays the outbox from', () => {
  const now = Date.parse('2026-11-26T20:00:00Z');

  it('after a crash (no record): the last fifteen minutes', () => {
    expect(replayFrom(undefined, now)).toEqual(new Date(now - CRASH_REPLAY_MS));
  });

  it('after a clean stop with every event handled: nowhere', () => {
    expect(replayFrom({ stoppedAt: '2026-11-26T19:00:00Z', oldestUnhandled: null }, now)).toBeUndefined();
  });

  it('after a clean stop that left an event unhandled: from that event, however old', () => {
    const oldest = '2026-11-26T17:00:00.000Z';
    expect(replayFrom({ stoppedAt: '2026-11-26T19:00:00Z', oldestUnhandled: oldest }, now)).toEqual(
      new Date(oldest),
    );
  });
});

describe('the stop record on disk', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bet-last-stop-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is read back as written, and gone once forgotten', () => {
    const record = { stoppedAt: '2026-11-26T19:00:00.000Z', oldestUnhandled: '2026-11-26T18:59:59.000Z' };
    writeStopRecord(dir, record);
    expect(readStopRecord(dir)).toEqual(record);
    forgetStopRecord(dir);
    expect(readStopRecord(dir)).toBeUndefined();
    forgetStopRecord(dir);
  });

  it('counts as a crash when it cannot be trusted', () => {
    for (const text of [
      '{',
      '{"stoppedAt":"x","oldestUnhandled":"not a date"}',
      '{"oldestUnhandled":null}',
    ]) {
      writeFileSync(join(dir, 'last-stop.json'), text);
      expect(readStopRecord(dir)).toBeUndefined();
    }
  });
});
