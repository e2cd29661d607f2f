// The root vitest.config.ts only collects cli/, templates/, client/ and test/; this one runs
// the benchmark's own tests: `npx vitest run --config bench/vitest.config.ts`.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: fileURLToPath(new URL('..', import.meta.url)),
    include: ['bench/**/*.test.ts'],
    testTimeout: 120_000,
  },
});
