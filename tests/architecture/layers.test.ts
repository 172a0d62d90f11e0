import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

/** The layer rules of `.dependency-cruiser.cjs`, run over the whole repository. */
async function layerViolations(): Promise<string[]> {
  const bin = resolve(root, 'node_modules/.bin/depcruise');
  const { stdout } = await run(
    bin,
    [
      'services',
      'gateway',
      'proto-events',
      'infra/src',
      'web-shell/src',
      'web-player/src',
      'web-admin/src',
      '--config',
      '.dependency-cruiser.cjs',
      '--output-type',
      'json',
    ],
    { cwd: root, maxBuffer: 256 * 1024 * 1024 },
  ).catch((err: { stdout?: string }) => ({ stdout: err.stdout ?? '' }));
  const report = JSON.parse(stdout) as {
    summary: { violations: Array<{ from: string; to: string; rule: { name: string } }> };
  };
  return report.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`);
}

describe('layers (dependency-cruiser)', () => {
  it('keeps domain code pure, services apart and server code out of the web', async () => {
    expect(await layerViolations()).toEqual([]);
  }, 120_000);
});
