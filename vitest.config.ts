import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['cli/**/*.test.ts', 'templates/**/*.test.{ts,tsx}', 'client/**/*.test.{ts,tsx}', 'shared/**/*.test.ts', 'test/**/*.test.ts', 'bench/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    // Generous: a timeout is only there to end a hang. Building our site from the TypeScript
    // sources took over 60 s on the shared 2-core machine while other suites ran.
    testTimeout: 300_000,
    hookTimeout: 120_000,
    // Browser and build tests are heavy; two files at a time fits a 2-core machine.
    maxWorkers: 2,
    reporters: ['default'],
  },
});
