// The child process of bench/extra/parse-floor.ts as one file: dependencies bundled in and patched,
// as in the CLI's bundle (bin/launcher.js), so it parses exactly as a build does. Made by
// bin/helpgen-bench.js before each benchmark, and by the child's test.
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import { dependencyPatches } from './dependency-patches.js';

/** Bundles bench/extra/parse-floor-child.ts of the helpgen checkout at `root` into `outfile`. */
export async function bundleParseFloorChild(root, outfile) {
  await esbuild.build({
    entryPoints: [join(root, 'bench', 'extra', 'parse-floor-child.ts')],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    banner: { js: "import { createRequire as __helpgenCreateRequire } from 'node:module'; const require = __helpgenCreateRequire(import.meta.url);" },
    plugins: [dependencyPatches],
    logLevel: 'error',
  });
}
