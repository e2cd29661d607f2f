#!/usr/bin/env node
// `npm run bench`: compiles bench/run.ts with esbuild (as bin/launcher.js does for the CLI)
// into node_modules/.cache/helpgen-bench and runs it. The builds it measures are separate
// `node bin/helpgen.js build` processes, so this bundle never shares a process with them.
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { dependencyPatches } from './dependency-patches.js';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const outFile = join(root, 'node_modules', '.cache', 'helpgen-bench', 'run.mjs');

await esbuild.build({
  entryPoints: [join(root, 'bench', 'run.ts')],
  outfile: outFile,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'error',
});
// The parse-only child of bench/parse-floor.ts: dependencies bundled in and patched, as in the
// CLI's bundle (bin/launcher.js), so it parses exactly as a build does.
await esbuild.build({
  entryPoints: [join(root, 'bench', 'parse-floor-child.ts')],
  outfile: join(dirname(outFile), 'parse-floor-child.mjs'),
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  banner: { js: "import { createRequire as __helpgenCreateRequire } from 'node:module'; const require = __helpgenCreateRequire(import.meta.url);" },
  plugins: [dependencyPatches],
  logLevel: 'error',
});
const { main } = await import(pathToFileURL(outFile).href);
try {
  await main(process.argv.slice(2), root);
} catch (error) {
  process.stderr.write(`bench failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exitCode = 1;
}
