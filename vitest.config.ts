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
          name: 'services',
          include: ['services/**/*.test.ts', 'gateway/**/*.test.ts', 'proto-events/**/*.test.ts', 'infra/**/*.test.ts', 'tests/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
    maxWorkers: 2,
    fileParallelism: true,
  },
});
