import { defineConfig } from 'vitest/config';

// One run for the whole repository. Integration suites talk to the real Postgres, NATS
// and Redis on this machine; each gets its own database, subject prefix and key prefix,
// so files run in parallel safely. Two cores: keep the worker count small.
export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: {
          // pure code beside its source: no Postgres, NATS or Redis (`npm run test:unit`)
          name: 'unit',
          testTimeout: 30_000,
          include: [
            'services/**/src/**/*.test.ts',
            'gateway/src/**/*.test.ts',
            'proto-events/**/*.test.ts',
            'infra/src/**/*.test.ts',
          ],
          exclude: ['**/node_modules/**'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          // the shape, layer and catalogue rules read from the code: no infrastructure (`npm run test:unit`)
          name: 'architecture',
          include: ['tests/architecture/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          // the real things: services, gateway and runners against the machine's Postgres, NATS, Redis
          name: 'integration',
          include: [
            'services/**/test/**/*.test.ts',
            'gateway/test/**/*.test.ts',
            'infra/test/**/*.test.ts',
            'tests/**/*.test.ts',
          ],
          exclude: [
            'tests/e2e/**',
            'tests/architecture/**',
            'infra/test/chaos.test.ts',
            'infra/test/rolling-restart.test.ts',
            '**/node_modules/**',
          ],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          // kills and restarts a whole cluster of processes: alone, after everything else, so
          // that neither it nor its neighbours are judged on a machine the other is starving
          name: 'chaos',
          include: ['infra/test/chaos.test.ts', 'infra/test/rolling-restart.test.ts'],
          // and one file at a time: the chaos test and the rolling restart each run a cluster
          // under steady betting, and side by side each starved the other (10 bets accepted)
          fileParallelism: false,
          environment: 'node',
          testTimeout: 360_000,
          hookTimeout: 240_000,
          sequence: { groupOrder: 1 },
        },
      },
      'web-shell/vitest.config.ts',
      'web-player/vitest.config.ts',
      'web-admin/vitest.config.ts',
      {
        extends: true,
        test: {
          // browser tests: Playwright driving the machine's Chromium against the real stack
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 240_000,
          fileParallelism: false,
        },
      },
    ],
    maxWorkers: 2,
    fileParallelism: true,
    // every service checks its 2xx answers against their declared schemas (kit response-check):
    // a schema that would drop or coerce a field fails the test that calls the route
    env: { CHECK_RESPONSES: 'true' },
  },
});
