import { defineConfig } from 'vitest/config';
import { HANG_MS } from './test/helpers/patience.ts';

export default defineConfig({
  test: {
    include: ['cli/**/*.test.ts', 'templates/**/*.test.{ts,tsx}', 'client/**/*.test.{ts,tsx}', 'shared/**/*.test.ts', 'test/**/*.test.ts', 'bench/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    // A timeout only ends a hang (see test/helpers/patience.ts): no test may fail because the
    // machine is busy.
    testTimeout: HANG_MS,
    hookTimeout: HANG_MS,
    // Browser and build tests are heavy; two files at a time fits a 2-core machine.
    maxWorkers: 2,
    reporters: ['default'],
  },
});
