#!/usr/bin/env node
// Compiles the published package: `npm pack` runs this (prepack), so the tarball holds
// JavaScript made here, from the code and dependency versions the tests ran, and no TypeScript
// for a user's machine to compile. Writes lib/:
//   lib/cli/            the CLI and its worker scripts, with the dependency patches fixed in
//   lib/client/         the browser assets and the live-reload script, prebuilt
//   lib/config.js, lib/config.d.ts, lib/schema.d.ts
//                       what `import { defineConfig } from 'helpgen/config'` loads and types
//   lib/compiled.json   the versions of the patched packages, and which patches are in
// It refuses to finish (exit 1) if any dependency patch no longer applies whole.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { compileCli } from './launcher.js';
import { PATCHES } from './dependency-patches.js';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const lib = join(root, 'lib');
const partial = join(root, `.lib.tmp-${process.pid}`);
rmSync(partial, { recursive: true, force: true });

try {
  const { applied } = await compileCli(join(partial, 'cli'), { forPackage: true, extraEntryPoints: { prebuild: join(root, 'cli', 'prebuild.ts') } });
  const { prebuildClient } = await import(pathToFileURL(join(partial, 'cli', 'prebuild.mjs')).href);
  await prebuildClient(partial);
  rmSync(join(partial, 'cli', 'prebuild.mjs'));
  rmSync(join(partial, 'cli', 'prebuild.mjs.map'), { force: true });
  await compileConfigHelper(partial);
  const versions = Object.fromEntries([...new Set(PATCHES.map((patch) => patch.module.split('/')[0]))].sort().map((name) => [name, installedVersion(name)]));
  writeFileSync(join(partial, 'compiled.json'), `${JSON.stringify({ patchedPackages: versions, patches: applied }, null, 2)}\n`);
  rmSync(lib, { recursive: true, force: true });
  renameSync(partial, lib);
  process.stderr.write(`Compiled lib/ (the CLI with ${applied.length} dependency patches, the client, the config helper).\n`);
} catch (error) {
  rmSync(partial, { recursive: true, force: true });
  process.stderr.write(`error: cannot compile the package: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}

/** cli/config/define.ts as JavaScript, with its types (tsc) for editors checking help.config.ts. */
async function compileConfigHelper(outDir) {
  const esbuild = await import('esbuild');
  await esbuild.build({ entryPoints: [join(root, 'cli', 'config', 'define.ts')], outfile: join(outDir, 'config.js'), format: 'esm', platform: 'node', target: 'node22', logLevel: 'error' });
  const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  if (!existsSync(tsc)) throw new Error('typescript is not installed: run npm install first');
  const args = ['cli/config/define.ts', '--ignoreConfig', '--declaration', '--emitDeclarationOnly', '--skipLibCheck', '--outDir', outDir];
  execFileSync(process.execPath, [tsc, ...args, '--module', 'nodenext', '--moduleResolution', 'nodenext', '--target', 'es2023', '--allowImportingTsExtensions', '--rewriteRelativeImportExtensions', '--types', 'node'], { cwd: root, stdio: 'inherit' });
  // define.d.ts imports './schema.ts'; as './schema.js' every editor resolves it to schema.d.ts.
  const types = readFileSync(join(outDir, 'define.d.ts'), 'utf8').replaceAll("'./schema.ts'", "'./schema.js'");
  writeFileSync(join(outDir, 'config.d.ts'), types);
  rmSync(join(outDir, 'define.d.ts'));
}

/** The version of `name` as installed for this package (its package.json, found as Node would). */
function installedVersion(name) {
  for (let dir = root; ; dir = dirname(dir)) {
    const manifest = join(dir, 'node_modules', name, 'package.json');
    if (existsSync(manifest)) return JSON.parse(readFileSync(manifest, 'utf8')).version;
    if (dirname(dir) === dir) throw new Error(`${name} is not installed: run npm install first`);
  }
}
