import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Tests wait on events, not clocks (issue 31, item 6): a timer wait left in a test file is one
 * where time is what is tested (or the scenario), and a comment beside it says so.
 */
const root = resolve(import.meta.dirname, '../..');
const DIRS = [
  'services',
  'gateway',
  'infra',
  'tests',
  'proto-events',
  'web-shell',
  'web-player',
  'web-admin',
];
const WAIT = /\bsetTimeout\(|\bwaitForTimeout\(|\bsleep\(/;
// a fake clock or the definition of a helper is not a wait
const NOT_A_WAIT = /useFakeTimers|toFake|const sleep\b/;
const SAYS_WHY = /time is|watchdog|a poll\b|timeout firing|answers late|pause before it retries/i;

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.name === 'node_modules' || e.name === 'dist' || e.name.startsWith('.')) return [];
    const p = join(dir, e.name);
    return e.isDirectory() ? testFiles(p) : /\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

describe('timer waits in tests', () => {
  it('each says beside it that time is what is tested', () => {
    const unexplained: string[] = [];
    for (const file of DIRS.flatMap((d) => testFiles(join(root, d)))) {
      const lines = readFileSync(file, 'utf8').split('\n');
      lines.forEach((line, i) => {
        if (!WAIT.test(line) || NOT_A_WAIT.test(line)) return;
        const near = lines.slice(Math.max(0, i - 3), i + 1).join('\n');
        if (!SAYS_WHY.test(near)) unexplained.push(`${relative(root, file)}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(unexplained).toEqual([]);
  });
});
