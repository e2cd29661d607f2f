// Shared by bin/helpgen.js and the benchmark: bundle cli/ on demand, then import it.
import { statSync, readFileSync, mkdirSync, writeFileSync, existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dependencyPatches } from './dependency-patches.js';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const cacheDir = join(root, 'node_modules', '.cache', 'helpgen');
const metaFile = join(cacheDir, 'inputs.json');
// Each compile goes into its own folder (cli-<time>), named in inputs.json: a process still
// running the previous version (a dev server) can go on loading its lazy chunks. Folders are
// removed an hour after they were made, by the next compile, instead of piling up forever.
const KEEP_OLD_MS = 60 * 60 * 1000;
// Worker entry points run in worker threads and must be bundled beside main.
const entryPoints = Object.fromEntries(
  Object.entries({
    main: join(root, 'cli', 'main.ts'),
    'render-worker': join(root, 'cli', 'build', 'render-worker.ts'),
    'highlight-worker': join(root, 'cli', 'markdown', 'highlight', 'highlight-worker.ts'),
    'index-worker': join(root, 'cli', 'search', 'index-worker.ts'),
  }).filter(([, file]) => existsSync(file)),
);

// React stays outside so the templates the dev server recompiles share one React with the CLI.
const EXTERNAL_PACKAGES = ['react', 'react/*', 'react-dom', 'react-dom/*', 'esbuild', 'shiki', 'shiki/*', '@shikijs/*', 'linkinator', 'chokidar', 'fsevents', 'algoliasearch', 'algoliasearch/*', 'playwright-core'];

function readMeta() {
  try {
    const meta = JSON.parse(readFileSync(metaFile, 'utf8'));
    return typeof meta.dir === 'string' && existsSync(join(cacheDir, meta.dir, 'main.mjs')) ? meta : undefined;
  } catch {
    return undefined;
  }
}

function isFresh(meta) {
  if (!meta) return false;
  const builtAt = meta.builtAt;
  for (const input of meta.inputs) {
    try {
      if (statSync(join(root, input)).mtimeMs > builtAt) return false;
    } catch {
      return false;
    }
  }
  // A new file in cli/ or templates/ that nothing imported before cannot matter until an
  // existing input changes to import it, which the check above catches.
  return true;
}

async function compile() {
  const esbuild = await import('esbuild');
  const startedAt = Date.now();
  const dir = `cli-${startedAt.toString(36)}-${process.pid}`;
  const outDir = join(cacheDir, dir);
  mkdirSync(outDir, { recursive: true });
  const result = await esbuild.build({
    entryPoints,
    outdir: outDir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // Dependencies are bundled in: Node's loader pays per module file, and the unified and
    // React packages are hundreds of small files (startup 300 → 160 ms for a build). Kept
    // outside: packages with native binaries, WebAssembly or files they read at run time.
    external: EXTERNAL_PACKAGES,
    // Bundled CommonJS packages call require() for Node built-ins.
    banner: { js: "import { createRequire as __helpgenCreateRequire } from 'node:module'; const require = __helpgenCreateRequire(import.meta.url);" },
    jsx: 'automatic',
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'error',
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    plugins: [dependencyPatches],
  });
  // The launcher and its patches are inputs too: changing how we bundle must rebuild the
  // bundle. So is the lockfile: the bundle holds the dependencies, and an install that changes
  // them rewrites it (checking every file under node_modules would cost each start ~20 ms).
  const lockfile = existsSync(join(root, 'package-lock.json')) ? ['package-lock.json'] : [];
  const inputs = [...Object.keys(result.metafile.inputs).filter((p) => !p.startsWith('node_modules')), 'bin/launcher.js', 'bin/dependency-patches.js', ...lockfile];
  const meta = { builtAt: startedAt, dir, inputs };
  // Written whole under a temporary name, then renamed: a process starting meanwhile (tests
  // run several) never reads half of it.
  const partial = `${metaFile}.${process.pid}.tmp`;
  writeFileSync(partial, JSON.stringify(meta));
  renameSync(partial, metaFile);
  removeOldBuilds(dir);
  return meta;
}

function removeOldBuilds(current) {
  for (const name of readdirSync(cacheDir)) {
    const path = join(cacheDir, name);
    try {
      // Files of the launcher's earlier single-folder layout, and compiles over an hour old.
      const old = /^(main|render-worker)\.mjs(\.map)?$|^chunks$/.test(name) || (/^cli-/.test(name) && name !== current && Date.now() - statSync(path).mtimeMs > KEEP_OLD_MS);
      if (old) rmSync(path, { recursive: true, force: true });
    } catch {
      // Removed by a concurrent compile.
    }
  }
}

export async function loadCli() {
  // React's server renderer is several times slower in development mode.
  process.env.NODE_ENV ??= 'production';
  let meta = readMeta();
  if (!isFresh(meta)) meta = await compile();
  return import(pathToFileURL(join(cacheDir, meta.dir, 'main.mjs')).href);
}

export async function runCli(argv) {
  const cli = await loadCli();
  await cli.main(argv);
}

export const helpgenRoot = root;
