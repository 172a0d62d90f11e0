import { registry } from '@bet/kit';
import { eventually } from '@bet/kit/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { type Harness, startWallet } from './helpers';

// The ReconciliationDrift / ReconciliationNotRun alerts watch metrics that only an admin's call
// of the reconcile endpoint used to set: with nobody calling it they could never fire. The
// lease holder now reconciles on a schedule and sets them.
describe('scheduled reconciliation', () => {
  let h: Harness;
  afterAll(async () => h?.close());

  it('sets the reconciliation metrics with no admin call', async () => {
    h = await startWallet({ env: { RECONCILE_EVERY_MINUTES: '0.01' } });
    const lastRun = async () =>
      (await registry.getSingleMetric('reconciliation_last_run_timestamp_seconds')?.get())?.values.find(
        (v) => v.labels.service === 'wallet',
      )?.value ?? 0;
    const before = Date.now() / 1000;
    await eventually(async () => (await lastRun()) >= before, 20_000);
    const violations = await registry.getSingleMetric('reconciliation_violations')?.get();
    expect(violations?.values.filter((v) => v.labels.service === 'wallet').length).toBeGreaterThan(0);
    expect(violations?.values.every((v) => v.value === 0)).toBe(true);
  });
});
