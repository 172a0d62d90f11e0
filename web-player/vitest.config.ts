import { defineConfig } from 'vitest/config';

// Component and unit tests of web-player (jsdom). Run alone with: npx vitest run --root web-player
export default defineConfig({
  test: {
    name: 'web-player',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['../web-shell/src/test-setup.ts'],
    restoreMocks: true,
  },
});
