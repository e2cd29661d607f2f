// Shared by bin/helpgen.js and the benchmark: bundle cli/ on demand, then import it.
import { statSync, readFileSync, mkdirSync, writeFileSync, existsSync, readdirSync, renameSync, rmSync, accessSync, constants } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { homedir, tmpdir, userInfo } from 'node:os';
import { createHash } from 'node:crypto';
import { dependencyPatches } from './dependency-patches.js';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const cacheDir = chooseCacheDir();
const metaFile = join(cacheDir, 'inputs.json');
// The CLI reads both (cli/paths.ts): its bundle may live outside the package, and its worker
// threads inherit them.
process.env.HELPGEN_ROOT = root;
process.env.HELPGEN_CACHE_DIR = cacheDir;

/**
 * node_modules/.cache/helpgen inside the package, as long as it can be written: a checkout, an
 * ordinary install or npx's cache. An install this user cannot write to (a global install by
 * root, a container's node_modules owned by another user) uses the user's cache folder instead,
 * one per installed copy.
 */
function chooseCacheDir() {
  const own = join(root, 'node_modules', '.cache', 'helpgen');
  const copy = createHash('sha1').update(root).digest('hex').slice(0, 12);
  const user = (() => {
    try {
      return String(userInfo().uid);
    } catch {
      return 'user';
    }
  })();
  const candidates = [
    own,
    process.env.XDG_CACHE_HOME && join(process.env.XDG_CACHE_HOME, 'helpgen', copy),
    join(homedir(), '.cache', 'helpgen', copy),
    join(tmpdir(), `helpgen-${user}`, copy),
  ].filter(Boolean);
  for (const dir of candidates) {
    try {
      mkdirSync(dir, { recursive: true });
      accessSync(dir, constants.W_OK);
      return dir;
    } catch {
      // Not writable here: try the next place.
    }
  }
  return own;
}
// Each compile goes into its own folder (cli-<time>), named in inputs.json: a process still
// running the previous version (a dev server) can go on loading its lazy chunks. Folders are
// removed an hour after they were made, by the next compile, instead of piling up forever.
const KEEP_OLD_MS = 60 * 60 * 1000;
// Worker entry points run in worker threads and must be bundled beside main.
const entryPoints = Object.fromEntries(
  Object.entries({
    main: join(root, 'cli', 'main.ts'),
    'render-worker': join(root, 'cli', 'pipeline', 'render-worker.ts'),
    'index-worker': join(root, 'cli', 'search', 'index-worker.ts'),
  }).filter(([, file]) => existsSync(file)),
);

// React stays outside so the templates the dev server recompiles share one React with the CLI.
// jsdom (the DOM the SVG sanitizer runs on) reads files of its own at run time.
const EXTERNAL_PACKAGES = ['react', 'react/*', 'react-dom', 'react-dom/*', 'esbuild', 'shiki', 'shiki/*', '@shikijs/*', 'linkinator', 'chokidar', 'fsevents', 'algoliasearch', 'algoliasearch/*', 'playwright-core', 'jsdom'];

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
    // Input paths in the metafile are relative to the package, wherever the command runs.
    absWorkingDir: root,
    outdir: outDir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // Dependencies are bundled in: Node's loader pays per module file, and the unified and
    // React packages are hundreds of small files (startup 300 → 160 ms for a build). Kept
    // outside: packages with native binaries, WebAssembly or files they read at run time.
    // They are imported by absolute path, so the bundle works wherever the cache folder is.
    // Bundled CommonJS packages call require() for Node built-ins.
    banner: { js: "import { createRequire as __helpgenCreateRequire } from 'node:module'; const require = __helpgenCreateRequire(import.meta.url);" },
    jsx: 'automatic',
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'error',
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    plugins: [dependencyPatches, externalByPath],
  });
  // The launcher and its patches are inputs too: changing how we bundle must rebuild the
  // bundle. So is the lockfile: the bundle holds the dependencies, and an install that changes
  // them rewrites it (checking every file under node_modules would cost each start ~20 ms).
  // Installed as a dependency, the project's npm writes node_modules/.package-lock.json instead.
  const lockfiles = [join(root, 'package-lock.json'), join(dirname(root), '.package-lock.json')];
  const lockfile = lockfiles.filter((file) => existsSync(file) && (file.startsWith(root) || basename(dirname(root)) === 'node_modules')).map((file) => relative(root, file));
  const ownSources = Object.keys(result.metafile.inputs).filter((p) => !/(^|\/)node_modules\//.test(p) && !p.startsWith('..'));
  const inputs = [...ownSources, 'bin/launcher.js', 'bin/dependency-patches.js', ...lockfile];
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

/** Imports of EXTERNAL_PACKAGES stay imports, by absolute path (a file URL for import, a path for require). */
const externalByPath = {
  name: 'external-by-path',
  setup(build) {
    const names = EXTERNAL_PACKAGES.map((name) => name.replace(/\/\*$/, '').replace(/[/.]/g, '\\$&'));
    const filter = new RegExp(`^(${names.join('|')})(/|$)`);
    build.onResolve({ filter }, async (args) => {
      if (args.pluginData?.externalByPath) return undefined;
      const found = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: { externalByPath: true } });
      // A package that is not installed (fsevents off macOS) stays a bare import, as before.
      if (found.errors.length || !found.path) return { path: args.path, external: true };
      return { path: args.kind === 'require-call' ? found.path : pathToFileURL(found.path).href, external: true };
    });
  },
};

export async function loadCli() {
  // React's server renderer is several times slower in development mode.
  process.env.NODE_ENV ??= 'production';
  let meta = readMeta();
  if (!isFresh(meta)) meta = await compile();
  // Tells the CLI where its bundled worker scripts are (cli/runtime.ts); its worker threads
  // inherit it. Without it (the TypeScript sources under vitest) everything runs in one thread.
  process.env.HELPGEN_BUNDLE_DIR = join(cacheDir, meta.dir);
  return import(pathToFileURL(join(cacheDir, meta.dir, 'main.mjs')).href);
}

export async function runCli(argv) {
  let cli;
  try {
    cli = await loadCli();
  } catch (error) {
    // A template or CLI source that does not compile: esbuild has printed where and why.
    if (!Array.isArray(error?.errors) || error.errors.length === 0) throw error;
    process.stderr.write(`error: developer error: helpgen's sources do not compile (${error.errors.length} error${error.errors.length === 1 ? '' : 's'} above)\n  Fix the file named above and run the command again.\n`);
    if (argv.includes('--debug')) process.stderr.write(`${error.stack}\n`);
    process.exitCode = 1;
    return;
  }
  await cli.main(argv);
}

export const helpgenRoot = root;
