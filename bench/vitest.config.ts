// The benchmark's own tests alone, without the root config's dependency patches:
// `npx vitest run --config bench/vitest.config.ts` (`npm test` runs them with everything else).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: fileURLToPath(new URL('..', import.meta.url)),
    include: ['bench/**/*.test.ts'],
    testTimeout: 120_000,
  },
});
