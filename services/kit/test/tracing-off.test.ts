import { describe, expect, it } from 'vitest';
import { activeTraceIds, ensureTracing, inSpan, traceHeaders, tracingOn } from '../src/observability';

// With no exporter nothing is registered: no spans, no context tracking, no trace headers of
// our own (observability.test.ts covers the other side, with a collector).
describe('tracing with no exporter', () => {
  it('makes no spans and writes no trace headers', async () => {
    ensureTracing('quiet', {});
    expect(tracingOn()).toBe(false);
    const seen = await inSpan('work', {}, async () => ({ ids: activeTraceIds(), headers: traceHeaders() }));
    expect(seen.ids).toBeUndefined();
    expect(seen.headers).toEqual({});
  });
});
