#!/usr/bin/env node
// `npm run bench`: compiles bench/run.ts with esbuild (as bin/launcher.js does for the CLI)
// into node_modules/.cache/helpgen-bench and runs it. The builds it measures are separate
// `node bin/helpgen.js build` processes, so this bundle never shares a process with them.
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { bundleParseFloorChild } from './parse-floor-bundle.js';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
// `npm run bench -- --search-engines --site ID=SITE:OUT …` runs bench/extra/search-engines.ts instead.
const engines = process.argv[2] === '--search-engines';
const outFile = join(root, 'node_modules', '.cache', 'helpgen-bench', engines ? 'search-engines.mjs' : 'run.mjs');

await esbuild.build({
  entryPoints: [join(root, 'bench', engines ? 'extra/search-engines.ts' : 'run.ts')],
  outfile: outFile,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'error',
});
await bundleParseFloorChild(root, join(dirname(outFile), 'parse-floor-child.mjs'));
const { main } = await import(pathToFileURL(outFile).href);
try {
  await main(process.argv.slice(engines ? 3 : 2), root);
} catch (error) {
  process.stderr.write(`bench failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exitCode = 1;
}
