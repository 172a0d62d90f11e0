import { defineConfig } from 'vitest/config';

// Component and unit tests of web-shell (jsdom). Run alone with: npx vitest run --root web-shell
export default defineConfig({
  test: {
    name: 'web-shell',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test-setup.ts'],
    restoreMocks: true,
  },
});
