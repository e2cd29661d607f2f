import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vitest/config';
import { HANG_MS, TEST_MS } from './test/helpers/patience.ts';
import { PATCHES, patchSource } from './bin/dependency-patches.js';

/**
 * The tests run the dependencies as the CLI does, with bin/dependency-patches.js applied: the
 * patched packages are transformed by vitest (not loaded by Node as they are), with the patches.
 */
const patchedPackages = [...new Set(PATCHES.map((patch) => patch.module.split('/')[0]!))];
/** The packages that import them in our pipeline: inlined too, so their imports go through vitest. */
const importers = ['remark-parse', 'remark-rehype', 'rehype-stringify'];
const dependencyPatches: Plugin = {
  name: 'helpgen-dependency-patches',
  enforce: 'pre',
  transform(code, id) {
    const { source, applied } = patchSource(id.split('?')[0]!, code);
    return applied.length > 0 ? { code: source, map: null } : undefined;
  },
};

export default defineConfig({
  plugins: [dependencyPatches],
  // The patched packages resolve as in the CLI's bundle, to their published code, not to their
  // "development" builds (with assertions), which vitest would pick.
  resolve: {
    alias: patchedPackages.map((name) => ({ find: new RegExp(`^${name}$`), replacement: fileURLToPath(new URL(`./node_modules/${name}/index.js`, import.meta.url)) })),
  },
  test: {
    include: ['cli/**/*.test.ts', 'templates/**/*.test.{ts,tsx}', 'client/**/*.test.{ts,tsx}', 'shared/**/*.test.ts', 'test/**/*.test.ts', 'bench/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    // A timeout only ends a hang (see test/helpers/patience.ts): no test may fail because the
    // machine is busy, and a hang is reported in minutes. The few long steps (whole-site and
    // corpus builds, the tarball install) pass LONG_MS themselves.
    testTimeout: TEST_MS,
    hookTimeout: TEST_MS,
    // expect.poll waits for an event too: its default (1 s) is a clock a busy machine reaches.
    expect: { poll: { timeout: HANG_MS } },
    // Browser and build tests are heavy; two files at a time fits a 2-core machine.
    maxWorkers: 2,
    // The S3-compatible server the deploy and host tests start (s3rver) makes its listing
    // continuation tokens with DES, which Node's OpenSSL 3 offers only through its legacy
    // provider; without it, listing a bucket of more than 1,000 keys answers 500. Only the
    // test processes get it: helpgen itself never uses DES.
    execArgv: ['--openssl-legacy-provider'],
    reporters: ['default'],
    server: { deps: { inline: [...patchedPackages, ...importers] } },
  },
});
