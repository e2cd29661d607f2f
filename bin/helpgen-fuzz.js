#!/usr/bin/env node
// `npm run fuzz`: compiles test/fuzz/main.ts with esbuild (as bin/helpgen-bench.js does) into
// node_modules/.cache/helpgen-fuzz and runs it. Every document is built by a separate
// `node bin/helpgen.js build` process.
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const outFile = join(root, 'node_modules', '.cache', 'helpgen-fuzz', 'main.mjs');

await esbuild.build({
  entryPoints: [join(root, 'test', 'fuzz', 'main.ts')],
  outfile: outFile,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  logLevel: 'error',
});
const { main } = await import(pathToFileURL(outFile).href);
process.exitCode = await main(process.argv.slice(2), root);
