import { defineConfig } from 'vitest/config';

// Component tests of web-admin (jsdom). Run alone with: npx vitest run --root web-admin
export default defineConfig({
  test: {
    name: 'web-admin',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['../web-shell/src/test-setup.ts'],
    restoreMocks: true,
  },
});
